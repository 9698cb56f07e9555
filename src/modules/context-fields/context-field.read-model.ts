import { Injectable } from '@nestjs/common';
import { Database, parseJson } from '../../core/database/database.js';
import type { ContextFieldStrategy, ContextFieldUsage, LegalValue } from './context-field.model.js';

/**
 * Questions about context fields and their use, read only: which strategies' constraints name a field (flags not
 * archived, as Unleash counts them), and the legal values that constraints are checked against (asked by the
 * strategies and segments modules). A strategy's constraints are stored as JSON text written by JSON.stringify, so a
 * constraint naming the field contains `"contextName":"<name>"` exactly (a value holding those characters would be
 * escaped), which both databases find with their substring function.
 */
@Injectable()
export class ContextFieldReadModel {
  constructor(private readonly db: Database) {}

  private get position(): string {
    return this.db.isPostgres ? 'strpos' : 'instr';
  }

  /** Usage of every field that is used; fields used nowhere are absent. */
  async usage(): Promise<Map<string, ContextFieldUsage>> {
    const rows = await this.db.query<{ name: string; features: number | string; projects: number | string }>(
      `SELECT f.name, COUNT(DISTINCT s.feature_name) AS features, COUNT(DISTINCT s.project_name) AS projects
         FROM flagwright_context_fields f
         JOIN flagwright_feature_strategies s ON ${this.position}(s.constraints, '"contextName":"' || f.name || '"') > 0
         JOIN flagwright_features ft ON ft.name = s.feature_name AND ft.archived_at IS NULL
        GROUP BY f.name`,
    );
    return new Map(rows.map((row) => [row.name, { usedInFeatures: Number(row.features), usedInProjects: Number(row.projects) }]));
  }

  /** The strategies of flags not archived whose constraints name the field. */
  async strategiesUsing(name: string): Promise<ContextFieldStrategy[]> {
    const rows = await this.db.query<{
      id: string;
      feature_name: string;
      project_name: string;
      environment: string;
      strategy_name: string;
    }>(
      `SELECT s.id, s.feature_name, s.project_name, s.environment, s.strategy_name
         FROM flagwright_feature_strategies s JOIN flagwright_features ft ON ft.name = s.feature_name AND ft.archived_at IS NULL
        WHERE ${this.position}(s.constraints, :needle) > 0
        ORDER BY s.project_name, s.feature_name, s.environment, s.sort_order, s.id`,
      { needle: `"contextName":${JSON.stringify(name)}` },
    );
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_name,
      featureName: row.feature_name,
      strategyName: row.strategy_name,
      environment: row.environment,
    }));
  }

  /** The legal values of the named fields that have some (fields without legal values accept anything). */
  async legalValues(names: string[]): Promise<Map<string, LegalValue[]>> {
    const found = new Map<string, LegalValue[]>();
    if (names.length === 0) return found;
    const rows = await this.db.query<{ name: string; legal_values: unknown }>(
      "SELECT name, legal_values FROM flagwright_context_fields WHERE name IN (:...names) AND legal_values <> '[]'",
      { names: [...new Set(names)] },
    );
    for (const row of rows) {
      const values = parseJson<LegalValue[]>(row.legal_values, []);
      if (values.length > 0) found.set(row.name, values);
    }
    return found;
  }

  async projectExists(projectId: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId }));
  }
}
