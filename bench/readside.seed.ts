import type { Database } from '../src/core/database/database.js';
import { SEED_PROJECTS } from './search.seed.js';

const HOUR_MS = 3_600_000;
/** Events are spread over the year before the seed, 1,000,000 of them one every ~31 s. */
const EVENT_SPAN_MS = 365 * 24 * HOUR_MS;
/** Rows one INSERT … SELECT adds: big enough to be fast, small enough that no statement holds the database long. */
const EVENTS_PER_STATEMENT = 100_000;
export const EVENT_TYPES = [
  'feature-strategy-update',
  'feature-environment-enabled',
  'feature-updated',
  'feature-created',
  'segment-updated',
];
/** Feature names the events name (`evflag-0` … `evflag-9999`), one event in 10,000 each. */
export const EVENT_FEATURES = 10_000;
/** User ids the events are recorded by, in turn: 20 users, the admin token (-42) and the system (-1337). */
export const EVENT_CREATOR_IDS = [...Array.from({ length: 20 }, (_, i) => i + 1), -42, -1337];

/**
 * `count` events in bulk: INSERT … SELECT over a counting CTE (the same text on both databases, apart from the time
 * arithmetic), so a million rows take seconds, not a million round trips. Every event keeps data and preData.
 */
export async function seedEvents(db: Database, count: number, now: Date): Promise<void> {
  const projectCase = `CASE ${SEED_PROJECTS.map((p, i) => `WHEN n.i % ${SEED_PROJECTS.length} = ${i} THEN '${p}'`).join(' ')} END`;
  const typeCase = `CASE ${EVENT_TYPES.map((t, i) => `WHEN n.i % ${EVENT_TYPES.length} = ${i} THEN '${t}'`).join(' ')} END`;
  const creatorCase = `CASE ${EVENT_CREATOR_IDS.map((id, i) => `WHEN n.i % ${EVENT_CREATOR_IDS.length} = ${i} THEN ${id}`).join(' ')} END`;
  const stepMs = Math.max(1, Math.floor(EVENT_SPAN_MS / count));
  // PostgreSQL multiplies two integers as int4, which a million events times a 31-second step overflows.
  const createdAt = db.isPostgres
    ? `(CAST(:start AS TIMESTAMPTZ) + n.i * CAST(${stepMs} AS DOUBLE PRECISION) * INTERVAL '1 millisecond')`
    : `strftime('%Y-%m-%d %H:%M:%f', :start, '+' || (n.i * ${stepMs} / 1000.0) || ' seconds')`;
  const start = new Date(now.getTime() - EVENT_SPAN_MS);
  for (let from = 0; from < count; from += EVENTS_PER_STATEMENT) {
    const to = Math.min(count, from + EVENTS_PER_STATEMENT);
    await db.execute(
      `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${to})
       INSERT INTO flagwright_events (type, created_by, created_by_user_id, created_at, project, feature_name, environment, data, pre_data, tags)
       SELECT ${typeCase}, 'bench-user', ${creatorCase}, ${createdAt}, ${projectCase}, 'evflag-' || (n.i % ${EVENT_FEATURES}), 'production',
              '{"name":"evflag-' || (n.i % ${EVENT_FEATURES}) || '","enabled":true,"rollout":"' || (n.i % 100) || '"}',
              '{"name":"evflag-' || (n.i % ${EVENT_FEATURES}) || '","enabled":false,"rollout":"' || ((n.i + 1) % 100) || '"}',
              '[]'
         FROM n`,
      { start: db.toTimestamp(start) },
    );
  }
}

/**
 * The hourly counts of every feature in production from one application over the `hours` hours up to the current
 * one, and two variants' counts for every tenth hour: what a busy service keeps under the default retention.
 */
export async function seedHourlyMetrics(db: Database, hours: number, now: Date): Promise<void> {
  const currentHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const hour = db.isPostgres
    ? `(CAST(:currentHour AS TIMESTAMPTZ) - h.i * INTERVAL '1 hour')`
    : `strftime('%Y-%m-%d %H:%M:%f', :currentHour, '-' || h.i || ' hours')`;
  const hoursCte = `WITH RECURSIVE h(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM h WHERE i + 1 < ${hours})`;
  const params = { currentHour: db.toTimestamp(currentHour) };
  await db.execute(
    `${hoursCte}
     INSERT INTO flagwright_client_metrics_hourly (feature_name, environment, hour_start, app_name, yes_count, no_count)
     SELECT f.name, 'production', ${hour}, 'bench-app', 100 + h.i, 50 + h.i FROM flagwright_features f CROSS JOIN h WHERE 1 = 1
     ON CONFLICT DO NOTHING`,
    params,
  );
  for (const variant of ['a', 'b']) {
    await db.execute(
      `${hoursCte}
       INSERT INTO flagwright_client_metrics_variants_hourly (feature_name, environment, hour_start, app_name, variant, count)
       SELECT f.name, 'production', ${hour}, 'bench-app', '${variant}', 25 + h.i FROM flagwright_features f CROSS JOIN h WHERE h.i % 10 = 0
       ON CONFLICT DO NOTHING`,
      params,
    );
  }
}
