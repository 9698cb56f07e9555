import { Injectable } from '@nestjs/common';
import { SEED_ORDER, Seeder } from '../../core/bootstrap/seeders.js';
import { SEED_TAG_TYPES } from './tag.model.js';

/** The tag types of a fresh installation (`flagwright_tag_types`). */
@Injectable()
export class TagTypeSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.tagTypes;

  async seed(at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
    for (const tagType of SEED_TAG_TYPES) {
      await this.db.submit(
        `INSERT INTO flagwright_tag_types (name, description, icon, color, created_at) VALUES (:name, :description, :icon, :color, :now) ON CONFLICT (name) DO NOTHING`,
        { ...tagType, now },
      );
    }
  }
}
