import { Column, ForeignKey, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** An API token (client, frontend or admin) for one environment; only the hash of its secret is kept. */
@FlagwrightEntity('flagwright_api_tokens')
@Unique('flagwright_api_tokens_secret_hash_key', ['secretHash'])
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'token_name', type: String, length: 255 })
  tokenName: string;

  @Column({ name: 'secret_hash', type: String, length: 128 })
  secretHash: string;

  @Column({ name: 'secret_prefix', type: String, length: 255 })
  secretPrefix: string;

  @Column({ type: String, length: 32 })
  type: string;

  @Column({ type: String, length: 100 })
  environment: string;

  @TimestampColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @TimestampColumn({ name: 'seen_at', nullable: true })
  seenAt: Date | null;

  @Column({ name: 'created_by', type: String, length: 255, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

/** One project an API token is limited to (a token with no rows reaches every project). */
@FlagwrightEntity('flagwright_api_token_projects')
export class ApiTokenProjectEntity {
  @PrimaryColumn({ name: 'token_id', type: Number })
  @ForeignKey('flagwright_api_tokens', { name: 'flagwright_api_token_projects_token_id_fkey', onDelete: 'CASCADE' })
  tokenId: number;

  @PrimaryColumn({ type: String, length: 100 })
  project: string;
}
