import { Injectable } from '@nestjs/common';
import { Database, parseJson, toBool } from '../../core/database/database.js';
import type { FeatureDependency } from './feature.model.js';

/** The write model of dependencies (`flagwright_feature_dependencies`): a child has at most one parent. */
export abstract class FeatureDependencyStore {
  /** Sets the child's parent, replacing any earlier one. */
  abstract set(child: string, dependency: FeatureDependency): Promise<void>;
  /** Gives `to` the parent `from` has, if any; answers it. */
  abstract copy(from: string, to: string): Promise<FeatureDependency | undefined>;
  /** Removes the child's dependency (on `parent` only, when given); answers how many were removed. */
  abstract remove(child: string, parent?: string): Promise<number>;
}

@Injectable()
export class SqlFeatureDependencyStore extends FeatureDependencyStore {
  constructor(private readonly db: Database) {
    super();
  }

  async set(child: string, dependency: FeatureDependency): Promise<void> {
    await this.db.execute(
      `INSERT INTO flagwright_feature_dependencies (child, parent, enabled, variants) VALUES (:child, :parent, :enabled, :variants)
       ON CONFLICT (child) DO UPDATE SET parent = :parent, enabled = :enabled, variants = :variants`,
      { child, parent: dependency.feature, enabled: dependency.enabled, variants: JSON.stringify(dependency.variants) },
    );
  }

  async copy(from: string, to: string): Promise<FeatureDependency | undefined> {
    const [row] = await this.db.query<{ parent: string; enabled: unknown; variants: unknown }>(
      `INSERT INTO flagwright_feature_dependencies (child, parent, enabled, variants)
       SELECT :to, parent, enabled, variants FROM flagwright_feature_dependencies WHERE child = :from RETURNING parent, enabled, variants`,
      { from, to },
    );
    return row && { feature: row.parent, enabled: toBool(row.enabled), variants: parseJson<string[]>(row.variants, []) };
  }

  async remove(child: string, parent?: string): Promise<number> {
    return this.db.execute(
      `DELETE FROM flagwright_feature_dependencies WHERE child = :child${parent === undefined ? '' : ' AND parent = :parent'}`,
      {
        child,
        parent: parent ?? null,
      },
    );
  }
}
