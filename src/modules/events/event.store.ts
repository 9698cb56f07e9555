import { Injectable } from '@nestjs/common';
import { containsPattern, Database, parseJson, toIso } from '../../core/database/database.js';
import { ADMIN_TOKEN_USER_ID, SYSTEM_USER_ID } from '../../core/access/principal.js';
import type { EventCreator, EventQuery, EventRecord, EventSearch, NewEvent } from './event.model.js';

/** Which events a count takes: those with an id above `afterId` (exclusive) and up to `upToId` (inclusive). */
export interface IdRange {
  afterId?: number;
  upToId?: number;
}

/** The newest settled id of the log and the number of events above it (see EventTotals). */
export interface LogState {
  settledId: number;
  newer: number;
}

/** The audit log's table. Abstract class: the DI token and the contract; a fake implements it for unit tests. */
export abstract class EventStore {
  abstract insert(event: NewEvent, createdAt: Date): Promise<void>;
  abstract list(query: EventQuery): Promise<{ events: EventRecord[]; total: number }>;
  /** A page of the events a search matches, newest first. */
  abstract search(search: EventSearch): Promise<EventRecord[]>;
  /** How many events in `range` a search matches. */
  abstract count(search: EventSearch, range: IdRange): Promise<number>;
  /**
   * Where the log stands, in one read: the id of the newest event created before `settledBefore` (0 when there is
   * none) and how many events have a larger id.
   */
  abstract logState(settledBefore: Date): Promise<LogState>;
  /** Everyone who recorded events, each once, ordered by id. */
  abstract creators(): Promise<EventCreator[]>;
}

/** Names Unleash gives the creators that are not users. */
export const CREATOR_NAMES: Record<number, string> = {
  [SYSTEM_USER_ID]: 'Unleash System',
  [ADMIN_TOKEN_USER_ID]: 'Unleash Admin Token',
};

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

  async search(search: EventSearch): Promise<EventRecord[]> {
    const { where, params } = this.conditions(search, {});
    const rows = await this.db.query<EventRow>(
      `SELECT id, type, created_by, created_by_user_id, created_at, project, feature_name, environment, data, pre_data, tags
         FROM flagwright_events ${where} ORDER BY id DESC LIMIT :limit OFFSET :offset`,
      { ...params, limit: search.limit, offset: search.offset },
    );
    return rows.map(toRecord);
  }

  async count(search: EventSearch, range: IdRange): Promise<number> {
    const { where, params } = this.conditions(search, range);
    const row = await this.db.one<{ total: number | string }>(`SELECT COUNT(*) AS total FROM flagwright_events ${where}`, params);
    return Number(row?.total ?? 0);
  }

  async logState(settledBefore: Date): Promise<LogState> {
    // The settled id from the (created_at, id) index, backwards; the events above it through the primary key. The
    // upper bound changes no answer (PostgreSQL's ids are 32-bit; no log gains 2^31 events in a minute): with both
    // bounds unknown at planning, PostgreSQL expects a narrow range, where a lone `id > …` made it plan a third of
    // the table, in parallel (124 ms, not 0.4 ms).
    const row = await this.db.one<{ settled_id: number | string; newer: number | string }>(
      `SELECT s.id AS settled_id,
              (SELECT COUNT(*) FROM flagwright_events e WHERE e.id > s.id AND e.id <= CAST(s.id AS BIGINT) + 2147483647) AS newer
         FROM (SELECT COALESCE((SELECT id FROM flagwright_events WHERE created_at < :instant ORDER BY created_at DESC, id DESC LIMIT 1), 0) AS id) s`,
      { instant: this.db.toTimestamp(settledBefore) },
    );
    return { settledId: Number(row?.settled_id ?? 0), newer: Number(row?.newer ?? 0) };
  }

  async creators(): Promise<EventCreator[]> {
    // One row per creator from the index on created_by_user_id; the name recorded with its latest event is the
    // fallback for creators that are no longer users (API tokens keep their token's name).
    const rows = await this.db.query<{
      id: number | string;
      recorded: string;
      name: string | null;
      username: string | null;
      email: string | null;
    }>(
      `SELECT c.id, (SELECT e.created_by FROM flagwright_events e WHERE e.created_by_user_id = c.id ORDER BY e.id DESC LIMIT 1) AS recorded,
              u.name, u.username, u.email
         FROM (SELECT DISTINCT created_by_user_id AS id FROM flagwright_events WHERE created_by_user_id IS NOT NULL) c
         LEFT JOIN flagwright_users u ON u.id = c.id
        ORDER BY c.id`,
    );
    return rows.map((row) => {
      const id = Number(row.id);
      return { id, name: CREATOR_NAMES[id] ?? (row.name || row.username || row.email || row.recorded) };
    });
  }

  /** The WHERE clause of a search (and its parameters), each list filter an IN over bound values. */
  private conditions(search: EventSearch, range: IdRange): { where: string; params: Record<string, unknown> } {
    const conditions: string[] = [];
    const params: Record<string, unknown> = {};
    // One value is an equality, so the page walks the filter's (column, id) index in order instead of sorting.
    const oneOf = (column: string, name: string, values: unknown[] | undefined) => {
      if (!values) return;
      conditions.push(values.length === 1 ? `${column} = :${name}` : `${column} IN (:...${name})`);
      params[name] = values.length === 1 ? values[0] : values;
    };
    oneOf('project', 'projects', search.projects);
    oneOf('feature_name', 'features', search.features);
    oneOf('type', 'types', search.types);
    oneOf('environment', 'environments', search.environments);
    oneOf('id', 'ids', search.ids);
    oneOf('created_by_user_id', 'createdByUserIds', search.createdByUserIds);
    if (search.projectEventsOnly) conditions.push('project IS NOT NULL');
    if (search.from) {
      conditions.push('created_at >= :from');
      params.from = this.db.toTimestamp(search.from);
    }
    if (search.before) {
      conditions.push('created_at < :before');
      params.before = this.db.toTimestamp(search.before);
    }
    if (search.text) {
      params.text = containsPattern(search.text);
      conditions.push(
        `(${['data', 'pre_data', 'tags'].map((column) => this.db.containsIgnoringCase(`flagwright_events.${column}`, 'text')).join(' OR ')})`,
      );
    }
    if (range.afterId !== undefined) {
      conditions.push('id > :afterId');
      params.afterId = range.afterId;
    }
    if (range.upToId !== undefined) {
      conditions.push('id <= :upToId');
      params.upToId = range.upToId;
    }
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
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
