import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';
import { TimestampColumn } from '../../core/database/timestamp-column.js';

/** A sign-in setting changed through the admin API (`oidc`, `simple`): its JSON document, the OIDC secret encrypted. */
@FlagwrightEntity('flagwright_auth_settings')
export class AuthSettingEntity {
  @PrimaryColumn({ type: String, length: 100 })
  name: string;

  @Column({ type: 'text' })
  content: string;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
