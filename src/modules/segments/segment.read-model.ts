import { Injectable } from '@nestjs/common';
import { Database } from '../../core/database/database.js';

/** A strategy that uses a segment, as `GET /api/admin/segments/{id}/strategies` lists it. */
export interface SegmentStrategy {
  id: string;
  featureName: string;
  projectId: string;
  environment: string;
  strategyName: string;
}

/** Questions about segments and their use that other modules (and segment listings) ask; read only. */
@Injectable()
export class SegmentReadModel {
  constructor(private readonly db: Database) {}

  /** The segments among `ids` that exist, with the project each is limited to (null: usable everywhere). */
  async findByIds(ids: number[]): Promise<{ id: number; name: string; project: string | null }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: number; name: string; project: string | null }>(
      'SELECT id, name, project FROM flagwright_segments WHERE id IN (:...ids)',
      { ids },
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, project: row.project }));
  }

  /** How many distinct features and projects use each of the segments (through their strategies). */
  async usage(ids: number[]): Promise<Map<number, { usedInFeatures: number; usedInProjects: number }>> {
    const usage = new Map<number, { usedInFeatures: number; usedInProjects: number }>();
    if (ids.length === 0) return usage;
    const rows = await this.db.query<{ segment_id: number; features: number | string; projects: number | string }>(
      `SELECT l.segment_id, COUNT(DISTINCT s.feature_name) AS features, COUNT(DISTINCT s.project_name) AS projects
         FROM flagwright_feature_strategy_segments l JOIN flagwright_feature_strategies s ON s.id = l.strategy_id
        WHERE l.segment_id IN (:...ids)
        GROUP BY l.segment_id`,
      { ids },
    );
    for (const row of rows)
      usage.set(Number(row.segment_id), { usedInFeatures: Number(row.features), usedInProjects: Number(row.projects) });
    return usage;
  }

  async strategiesUsing(segmentId: number): Promise<SegmentStrategy[]> {
    const rows = await this.db.query<{
      id: string;
      feature_name: string;
      project_name: string;
      environment: string;
      strategy_name: string;
    }>(
      `SELECT s.id, s.feature_name, s.project_name, s.environment, s.strategy_name
         FROM flagwright_feature_strategy_segments l JOIN flagwright_feature_strategies s ON s.id = l.strategy_id
        WHERE l.segment_id = :segmentId
        ORDER BY s.project_name, s.feature_name, s.environment, s.sort_order, s.id`,
      { segmentId },
    );
    return rows.map((row) => ({
      id: row.id,
      featureName: row.feature_name,
      projectId: row.project_name,
      environment: row.environment,
      strategyName: row.strategy_name,
    }));
  }

  /** The ids of the segments the strategy uses (none when there is no such strategy). */
  async segmentIdsOf(strategyId: string): Promise<number[]> {
    const rows = await this.db.query<{ segment_id: number }>(
      'SELECT segment_id FROM flagwright_feature_strategy_segments WHERE strategy_id = :strategyId',
      { strategyId },
    );
    return rows.map((row) => Number(row.segment_id));
  }

  async projectExists(projectId: string): Promise<boolean> {
    return Boolean(await this.db.one('SELECT id FROM flagwright_projects WHERE id = :projectId', { projectId }));
  }
}
