import { Injectable } from '@nestjs/common';
import { DEFAULT_PROJECT } from '../../core/access/permissions.js';
import { SEED_ORDER, Seeder } from '../../core/bootstrap/seeders.js';

/** The environments of a fresh installation, as Unleash seeds them. */
const SEED_ENVIRONMENTS = [
  { name: 'development', type: 'development', sortOrder: 2 },
  { name: 'production', type: 'production', sortOrder: 3 },
];

/** The seed environments, each enabled in the default project when it is created (never again, once removed from it). */
@Injectable()
export class EnvironmentSeeder extends Seeder {
  readonly seedOrder = SEED_ORDER.environments;

  async seed(at: Date): Promise<void> {
    const now = this.db.toTimestamp(at);
    for (const environment of SEED_ENVIRONMENTS) {
      const created = await this.db.execute(
        `INSERT INTO flagwright_environments (name, type, sort_order, created_at) VALUES (:name, :type, :sortOrder, :now) ON CONFLICT (name) DO NOTHING`,
        { ...environment, now },
      );
      if (created) {
        await this.db.execute(
          `INSERT INTO flagwright_project_environments (project_id, environment_name) VALUES (:project, :name) ON CONFLICT DO NOTHING`,
          { project: DEFAULT_PROJECT, name: environment.name },
        );
      }
    }
  }
}
