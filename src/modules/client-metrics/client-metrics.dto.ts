import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsArray, IsDateString, IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString, Min } from 'class-validator';
import { IgnoreUnknownTopLevelProperties, ShallowInstance } from '../../core/http/request-validation.pipe.js';
import {
  type BulkMetricsBody,
  type ClientMetricsBody,
  OptionalText,
  RequiredName,
  ValidApplications,
  ValidBucket,
  ValidFeatureMetrics,
} from './client-metrics.rules.js';
import type { ClientRegistration } from './client-metrics.model.js';

class MetricsBucketSchema {
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) stop: string;
  @ApiProperty({
    type: 'object',
    description:
      'Feature name to its counts: `yes` and `no` (evaluations answering true and false, default 0) and `variants` (variant name to times served)',
    additionalProperties: {
      type: 'object',
      properties: {
        yes: { type: 'integer', minimum: 0 },
        no: { type: 'integer', minimum: 0 },
        variants: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      },
    },
  })
  toggles: Record<string, { yes?: number; no?: number; variants?: Record<string, number> }>;
}

/**
 * `clientMetricsSchema`: an SDK's metrics report, with the rules of client-metrics.rules.ts; every offending
 * property is reported, unknown top-level ones (SDK and platform versions, connection ids…) are ignored.
 */
@ApiSchema({ name: 'clientMetricsSchema' })
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
export class ClientMetricsSchema implements ClientMetricsBody {
  @ApiProperty({ example: 'checkout-service' }) @RequiredName('metricsAppName') appName: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Default "default"', example: 'checkout-7f9c' })
  @OptionalText('metricsInstanceId')
  instanceId?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Used only with credentials that have no environment of their own (users); default development',
  })
  @OptionalText('metricsEnvironment')
  environment?: string | null;
  @ApiProperty({ type: MetricsBucketSchema }) @ValidBucket() bucket: MetricsBucketSchema;
}

/** `clientMetricsEnvSchema`: one feature's counts in one application, environment and hour, as Edge forwards them. */
@ApiSchema({ name: 'clientMetricsEnvSchema' })
class ClientMetricsEnvSchema {
  @ApiProperty({ example: 'new-checkout' }) featureName: string;
  @ApiProperty({ example: 'checkout-service' }) appName: string;
  @ApiProperty({
    example: 'production',
    description: 'Counted only when the credentials may report for it (a client token: its own environment)',
  })
  environment: string;
  @ApiProperty({ format: 'date-time', description: 'When the counts were taken; they count in the hour that holds it' }) timestamp: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Default 0' }) yes?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Default 0' }) no?: number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0 },
    description: 'Variant name to times served',
  })
  variants?: Record<string, number>;
}

/** `bulkRegistrationSchema`: an SDK instance Edge saw. */
@ApiSchema({ name: 'bulkRegistrationSchema' })
class BulkRegistrationSchema {
  @ApiProperty({ example: 'checkout-service' }) appName: string;
  @ApiProperty({ example: 'production', description: 'Recorded only when the credentials may report for it' }) environment: string;
  @ApiProperty({ example: 'checkout-7f9c' }) instanceId: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'unleash-client-node:6.1.0' }) sdkVersion?: string | null;
  @ApiPropertyOptional({ type: [String], nullable: true, description: 'Strategy types the SDK implements' }) strategies?: string[] | null;
}

/**
 * `bulkMetricsSchema`: what Edge forwards, with the rules of client-metrics.rules.ts; every offending property is
 * reported, the ones the service does not use (`connectVia`, `sdkType`, `impactMetrics`…) are ignored.
 */
@ApiSchema({ name: 'bulkMetricsSchema' })
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
export class BulkMetricsSchema implements BulkMetricsBody {
  @ApiProperty({ type: [BulkRegistrationSchema] }) @ValidApplications() applications: BulkRegistrationSchema[];
  @ApiProperty({ type: [ClientMetricsEnvSchema] }) @ValidFeatureMetrics() metrics: ClientMetricsEnvSchema[];
}

/** `clientApplicationSchema`: what an SDK instance sends once at start-up. Unknown properties are ignored. */
@IgnoreUnknownTopLevelProperties()
@ApiSchema({ name: 'clientApplicationSchema' })
export class ClientRegistrationDto {
  @ApiProperty({ example: 'checkout-service' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  appName: string;

  @ApiPropertyOptional({ description: 'Default "default"' })
  @IsOptional()
  @IsString()
  instanceId?: string;

  @ApiPropertyOptional({ example: 'unleash-client-node:6.1.0' })
  @IsOptional()
  @IsString()
  sdkVersion?: string;

  @ApiPropertyOptional({ description: 'Used only with credentials that have no environment of their own; default development' })
  @IsOptional()
  @IsString()
  environment?: string;

  @ApiProperty({ type: [String], description: 'Strategy types the SDK implements' })
  @IsDefined()
  @IsArray()
  @IsString({ each: true })
  strategies: string[];

  @ApiProperty({ format: 'date-time', description: 'When the instance started' })
  @IsDefined()
  @IsDateString({}, { message: 'must match format "date-time"' })
  started: string;

  @ApiProperty({ minimum: 0, description: 'Milliseconds between metrics reports' })
  @IsDefined()
  @IsNumber()
  @Min(0)
  interval: number;
}

export function toRegistration(body: ClientRegistrationDto): ClientRegistration {
  return {
    appName: body.appName,
    instanceId: body.instanceId ?? 'default',
    sdkVersion: body.sdkVersion,
    environment: body.environment,
    strategies: body.strategies,
  };
}
