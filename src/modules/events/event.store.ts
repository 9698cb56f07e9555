import { Injectable } from '@nestjs/common';
import { Database, parseJson, toIso } from '../../core/database/database.js';
import type { EventRecord, EventQuery, NewEvent } from './event.model.js';

/** The audit log's table. Abstract class: the DI token and the contract; a fake implements it for unit tests. */
export abstract class EventStore {
  abstract insert(event: NewEvent, createdAt: Date): Promise<void>;
  abstract list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }>;
}

interface EventRow {
  id: number;
  type: string;
  created_by: string;
  created_by_user_id: number | null;
  created_at: unknown;
  project: string | null;
  feature_name: string | null;
  environment: string | null;
  data: string | null;
  pre_data: string | null;
  tags: string;
}

@Injectable()
export class SqlEventStore extends EventStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(event: NewEvent, createdAt: Date): Promise<void> {
    await this.db.submit(
      `INSERT INTO flagwright_events (type, created_by, created_by_user_id, created_at, project, feature_name, environment, data, pre_data, tags, ip)
       VALUES (:type, :createdBy, :createdByUserId, :createdAt, :project, :featureName, :environment, :data, :preData, :tags, :ip)`,
      {
        type: event.type,
        createdBy: event.actor.username,
        createdByUserId: event.actor.userId,
        createdAt: this.db.toTimestamp(createdAt),
        project: event.project ?? null,
        featureName: event.featureName ?? null,
        environment: event.environment ?? null,
        data: event.data === undefined ? null : JSON.stringify(event.data),
        preData: event.preData === undefined ? null : JSON.stringify(event.preData),
        tags: JSON.stringify(event.tags ?? []),
        ip: event.actor.ip ?? null,
      },
    );
  }

  async list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }> {
    const conditions: string[] = [];
    const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    if (query.project) {
      conditions.push('project = :project');
      params.project = query.project;
    }
    if (query.featureName) {
      conditions.push('feature_name = :featureName');
      params.featureName = query.featureName;
    }
    if (query.type) {
      conditions.push('type = :type');
      params.type = query.type;
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await this.db.query<EventRow>(
      `SELECT * FROM flagwright_events ${where} ORDER BY id DESC LIMIT :limit OFFSET :offset`,
      params,
    );
    const [count] = await this.db.query<{ total: number | string }>(`SELECT COUNT(*) AS total FROM flagwright_events ${where}`, params);
    return { events: rows.map(toRecord), total: Number(count.total) };
  }
}

function toRecord(row: EventRow): EventRecord {
  return {
    id: Number(row.id),
    type: row.type,
    createdBy: row.created_by,
    createdByUserId: row.created_by_user_id === null ? null : Number(row.created_by_user_id),
    createdAt: toIso(row.created_at)!,
    project: row.project,
    featureName: row.feature_name,
    environment: row.environment,
    data: parseJson(row.data, null),
    preData: parseJson(row.pre_data, null),
    tags: parseJson(row.tags, []),
  };
}
