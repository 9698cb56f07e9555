import { Injectable } from '@nestjs/common';
import { DEFAULT_PROJECT } from '../../core/access/permissions.js';
import { SEED_ORDER, Seeder } from '../../core/bootstrap/seeders.js';

/** The default project, as Unleash seeds it. */
const SEED_PROJECT = { id: DEFAULT_PROJECT, name: 'Default', description: 'Default project' };

@Injectable()
export class ProjectSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.defaultProject;

  async seed(at: Date): Promise<void> {
    await this.db.submit(
      `INSERT INTO flagwright_projects (id, name, description, created_at) VALUES (:id, :name, :description, :now) ON CONFLICT (id) DO NOTHING`,
      { ...SEED_PROJECT, now: this.db.toTimestamp(at) },
    );
  }
}
