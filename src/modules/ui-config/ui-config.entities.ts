import { Column, PrimaryColumn } from 'typeorm';
import { FlagwrightEntity } from '../../core/database/flagwright-entity.js';

/** A service-wide setting: one JSON document per name (`unleash.frontend`: the frontend API's CORS origins). */
@FlagwrightEntity('flagwright_settings')
export class SettingEntity {
  @PrimaryColumn({ type: String, length: 255 })
  name: string;

  @Column({ type: 'text' })
  content: string;
}
