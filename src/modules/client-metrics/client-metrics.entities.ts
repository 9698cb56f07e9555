import { Column, Index, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** An application whose SDKs registered with the service. */
@FlagwrightEntity('flagwright_client_applications')
export class ClientApplicationEntity {
  @PrimaryColumn({ name: 'app_name', type: String, length: 255 })
  appName: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'simple-json', default: '[]' })
  strategies: string[];

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', nullable: true })
  color: string | null;

  @Column({ type: 'text', nullable: true })
  icon: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'seen_at', nullable: true })
  seenAt: Date | null;
}

/** One running SDK instance of an application in an environment. */
@FlagwrightEntity('flagwright_client_instances')
export class ClientInstanceEntity {
  @PrimaryColumn({ name: 'app_name', type: String, length: 255 })
  appName: string;

  @PrimaryColumn({ name: 'instance_id', type: String, length: 255 })
  instanceId: string;

  @PrimaryColumn({ type: String, length: 100 })
  environment: string;

  @Column({ name: 'sdk_version', type: String, length: 255, nullable: true })
  sdkVersion: string | null;

  @Column({ name: 'client_ip', type: String, length: 255, nullable: true })
  clientIp: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'seen_at' })
  seenAt: Date;
}

/** Evaluation counts of a feature in an environment over one hour. */
@FlagwrightEntity('flagwright_client_metrics_hourly')
@Index('flagwright_client_metrics_hourly_hour_idx', ['hourStart'])
@Index('flagwright_client_metrics_hourly_app_name_idx', ['appName', 'environment', 'featureName'])
export class ClientMetricsHourlyEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @PrimaryColumn({ type: String, length: 100 })
  environment: string;

  @TimestampColumn({ name: 'hour_start', primary: true })
  hourStart: Date;

  /** The reporting application; `''` for counts kept from before applications were told apart. */
  @PrimaryColumn({ name: 'app_name', type: String, length: 255, default: '' })
  appName: string;

  @Column({ name: 'yes_count', type: Number, default: 0 })
  yesCount: number;

  @Column({ name: 'no_count', type: Number, default: 0 })
  noCount: number;
}

/** How often each variant was served, per feature, environment, hour and application. */
@FlagwrightEntity('flagwright_client_metrics_variants_hourly')
@Index('flagwright_client_metrics_variants_hourly_hour_idx', ['hourStart'])
export class ClientMetricsVariantHourlyEntity {
  @PrimaryColumn({ name: 'feature_name', type: String, length: 255 })
  featureName: string;

  @PrimaryColumn({ type: String, length: 100 })
  environment: string;

  @TimestampColumn({ name: 'hour_start', primary: true })
  hourStart: Date;

  @PrimaryColumn({ name: 'app_name', type: String, length: 255 })
  appName: string;

  @PrimaryColumn({ type: String, length: 255 })
  variant: string;

  @Column({ type: Number, default: 0 })
  count: number;
}

/** A flag name SDKs reported that is no feature, per application and environment, and when it was last reported. */
@FlagwrightEntity('flagwright_unknown_flags')
@Index('flagwright_unknown_flags_seen_at_idx', ['seenAt'])
export class UnknownFlagEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @PrimaryColumn({ name: 'app_name', type: String, length: 255 })
  appName: string;

  @PrimaryColumn({ type: String, length: 100 })
  environment: string;

  @TimestampColumn({ name: 'seen_at' })
  seenAt: Date;
}
