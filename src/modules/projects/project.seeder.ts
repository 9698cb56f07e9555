import { Injectable } from '@nestjs/common';
import { DEFAULT_PROJECT } from '../../core/access/permissions.js';
import { SEED_ORDER, type Seeder, Seeders } from '../../core/bootstrap/seeders.js';
import { Database } from '../../core/database/database.js';

/** The default project, as Unleash seeds it. */
const SEED_PROJECT = { id: DEFAULT_PROJECT, name: 'Default', description: 'Default project' };

@Injectable()
export class ProjectSeeder implements Seeder {
  readonly seedOrder = SEED_ORDER.defaultProject;

  constructor(
    private readonly db: Database,
    seeders: Seeders,
  ) {
    seeders.add(this);
  }

  async seed(at: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO projects (id, name, description, created_at) VALUES (:id, :name, :description, :now) ON CONFLICT (id) DO NOTHING`,
      { ...SEED_PROJECT, now: this.db.toTimestamp(at) },
    );
  }
}
