import type { Database } from '../src/core/database/database.js';

/**
 * Realistic data for the search and SDK benchmarks, written through the service's Database layer: features spread
 * over 10 projects (or the ones given) with 3 environments each, 1–3 strategies with constraints (some disabled, some with segments),
 * 0–4 tags, lifecycle stages, dependencies, favorites, some archived, some stale, and an hour of metrics.
 * Deterministic (seeded random), so runs compare.
 */
export const SEED_PROJECTS = [
  'checkout',
  'payments',
  'search',
  'onboarding',
  'mobile-app',
  'web-platform',
  'growth',
  'billing',
  'infra',
  'analytics',
];
export const SEED_ENVIRONMENTS = ['development', 'staging', 'production'];
/** The word that starts about a tenth of the feature names: the benchmark's "common term". */
export const COMMON_TERM = 'rollout';
export const BENCH_USER_COUNT = 20;

const PREFIXES = ['rollout', 'enable', 'use', 'show', 'allow', 'beta', 'legacy', 'exp', 'new', 'killswitch'];
const NOUNS = [
  'cart',
  'login',
  'banner',
  'pricing',
  'recommendations',
  'avatar',
  'invoice',
  'signup',
  'dashboard',
  'export',
  'import',
  'search-bar',
  'dark-mode',
  'notifications',
  'coupon',
  'wishlist',
  'reviews',
  'map',
  'chat',
  'upload',
  'profile',
  'settings',
  'reports',
  'graphql',
  'cache',
  'queue',
  'webhooks',
  'sso',
  'audit-log',
  'billing-page',
];
const TYPES: [string, number][] = [
  ['release', 0.5],
  ['experiment', 0.2],
  ['operational', 0.15],
  ['kill-switch', 0.1],
  ['permission', 0.05],
];
const TAGS: [string, string][] = [
  ...['checkout', 'payments', 'growth', 'platform', 'mobile', 'data'].map((v): [string, string] => ['team', v]),
  ...['frontend', 'backend', 'api', 'ios', 'android'].map((v): [string, string] => ['area', v]),
  ...['beta', 'internal', 'q1-launch', 'q2-launch', 'customer-facing', 'tech-debt', 'gdpr', 'performance'].map((v): [string, string] => [
    'simple',
    v,
  ]),
];
const SEGMENTS = Array.from({ length: 20 }, (_, i) => `segment_${i}`);
const DAY_MS = 86_400_000;

export interface SeedOptions {
  features: number;
  /** The projects the features are spread over (created if missing); the ten SEED_PROJECTS unless given. */
  projects?: string[];
  /**
   * For a second seeding into the same database: a prefix for every feature name and another random seed (the
   * default 42 would draw the same strategy ids again).
   */
  namePrefix?: string;
  randomSeed?: number;
  /** Id of the user whose favorites the benchmark's requests see (the admin user; API tokens see none). */
  favoritesOf?: number;
  now?: Date;
}

export async function seedSearchData(db: Database, options: SeedOptions): Promise<void> {
  const random = mulberry32(options.randomSeed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const now = options.now ?? new Date();
  const ts = (date: Date) => db.toTimestamp(date);
  const start = now.getTime() - 730 * DAY_MS;
  const projects = options.projects ?? SEED_PROJECTS;
  const namePrefix = options.namePrefix ?? '';

  await db.transaction(async () => {
    await insertRows(
      db,
      'flagwright_environments',
      ['name', 'type', 'sort_order', 'created_at'],
      [['staging', 'preproduction', 2, ts(now)]],
      'ON CONFLICT (name) DO NOTHING',
    );
    await insertRows(
      db,
      'flagwright_projects',
      ['id', 'name', 'description', 'created_at'],
      projects.map((p) => [p, p, `The ${p} project`, ts(now)]),
      'ON CONFLICT (id) DO NOTHING',
    );
    await insertRows(
      db,
      'flagwright_project_environments',
      ['project_id', 'environment_name'],
      projects.flatMap((p) => SEED_ENVIRONMENTS.map((e) => [p, e])),
      'ON CONFLICT DO NOTHING',
    );
    await insertRows(
      db,
      'flagwright_tag_types',
      ['name', 'description', 'color', 'created_at'],
      [
        ['team', 'Owning team', '#1A73E8', ts(now)],
        ['area', 'Product area', '#34A853', ts(now)],
      ],
      'ON CONFLICT (name) DO NOTHING',
    );
    await insertRows(
      db,
      'flagwright_segments',
      ['name', 'constraints', 'created_at'],
      SEGMENTS.map((s) => [s, '[]', ts(now)]),
      'ON CONFLICT (name) DO NOTHING',
    );
    await insertRows(
      db,
      'flagwright_users',
      ['name', 'username', 'email', 'root_role_id', 'created_at'],
      Array.from({ length: BENCH_USER_COUNT }, (_, i) => [`Bench User ${i}`, `bench-user-${i}`, `bench-user-${i}@example.com`, 2, ts(now)]),
      'ON CONFLICT DO NOTHING',
    );
  });
  const userIds = (await db.query<{ id: number }>(`SELECT id FROM flagwright_users WHERE username LIKE 'bench-user-%'`)).map((u) =>
    Number(u.id),
  );
  const segmentIds = (await db.query<{ id: number }>(`SELECT id FROM flagwright_segments WHERE name LIKE 'segment_%'`)).map((s) =>
    Number(s.id),
  );

  const batch = 2000;
  for (let from = 0; from < options.features; from += batch) {
    const rows = {
      features: [] as unknown[][],
      environments: [] as unknown[][],
      strategies: [] as unknown[][],
      strategySegments: [] as unknown[][],
      tags: [] as unknown[][],
      lifecycles: [] as unknown[][],
      favorites: [] as unknown[][],
      dependencies: [] as unknown[][],
      metrics: [] as unknown[][],
    };
    for (let i = from; i < Math.min(from + batch, options.features); i++) {
      const name = `${namePrefix}${pick(PREFIXES)}-${pick(NOUNS)}-${i.toString(36)}`;
      const project = projects[i % projects.length];
      const createdAt = new Date(start + Math.floor((i / options.features) * 720 * DAY_MS) + Math.floor(random() * 60_000));
      const archived = random() < 0.05;
      const seen = !archived && random() < 0.3;
      const lastSeenAt = seen ? new Date(now.getTime() - Math.floor(random() * 3_600_000)) : null;
      rows.features.push([
        name,
        project,
        weighted(random(), TYPES),
        random() < 0.8 ? `Controls the ${pick(NOUNS)} behaviour for ${project} users` : null,
        random() < 0.1,
        random() < 0.05,
        random() < 0.1,
        pick(userIds),
        ts(createdAt),
        archived ? ts(new Date(createdAt.getTime() + 30 * DAY_MS)) : null,
        lastSeenAt ? ts(lastSeenAt) : null,
      ]);
      const enabledOdds = [0.7, 0.5, 0.4];
      SEED_ENVIRONMENTS.forEach((environment, e) => {
        const variants =
          random() < 0.2
            ? JSON.stringify([
                { name: 'a', weight: 500, weightType: 'variable', stickiness: 'default' },
                { name: 'b', weight: 500, weightType: 'variable', stickiness: 'default' },
              ])
            : '[]';
        const envSeen = lastSeenAt && random() < 0.7 ? ts(lastSeenAt) : null;
        rows.environments.push([name, environment, random() < enabledOdds[e], variants, envSeen]);
        if (envSeen) rows.metrics.push([name, environment, ts(hourOf(now)), Math.floor(random() * 5000), Math.floor(random() * 5000)]);
      });
      const strategyCount = 1 + Math.floor(random() * 3);
      for (let s = 0; s < strategyCount; s++) {
        const id = uuidFrom(random);
        const constraints = Array.from({ length: Math.floor(random() * 3) }, () => ({
          contextName: pick(['userId', 'appName', 'country', 'plan']),
          operator: pick(['IN', 'NOT_IN', 'STR_CONTAINS']),
          values: [pick(['se', 'no', 'dk', 'pro', 'free', 'web'])],
          caseInsensitive: false,
          inverted: false,
        }));
        rows.strategies.push([
          id,
          name,
          project,
          SEED_ENVIRONMENTS[(i + s) % SEED_ENVIRONMENTS.length],
          'flexibleRollout',
          random() < 0.1,
          JSON.stringify({ rollout: String(Math.floor(random() * 100)), stickiness: 'default', groupId: name }),
          JSON.stringify(constraints),
          s,
          ts(createdAt),
        ]);
        if (random() < 0.1) rows.strategySegments.push([id, pick(segmentIds), ts(createdAt)]);
      }
      const tagCount = Math.floor(random() * 5);
      const tags = new Set<string>();
      for (let t = 0; t < tagCount; t++) tags.add(TAGS[Math.floor(random() * TAGS.length)].join(':'));
      for (const tag of tags) {
        const [type, value] = tag.split(':');
        rows.tags.push([name, type, value, ts(createdAt)]);
      }
      rows.lifecycles.push([name, 'initial', ts(createdAt)]);
      const stage = random();
      if (stage < 0.6) rows.lifecycles.push([name, 'pre-live', ts(new Date(createdAt.getTime() + DAY_MS))]);
      if (stage < 0.4) rows.lifecycles.push([name, 'live', ts(new Date(createdAt.getTime() + 2 * DAY_MS))]);
      if (stage < 0.05) rows.lifecycles.push([name, 'completed', ts(new Date(createdAt.getTime() + 3 * DAY_MS))]);
      if (archived) rows.lifecycles.push([name, 'archived', ts(new Date(createdAt.getTime() + 30 * DAY_MS))]);
      if (options.favoritesOf !== undefined && random() < 0.005) rows.favorites.push([options.favoritesOf, name, ts(now)]);
      if (random() < 0.01) rows.favorites.push([pick(userIds), name, ts(now)]);
      if (i > 0 && random() < 0.02) rows.dependencies.push([name, rows.features[0][0]]);
    }
    await db.transaction(async () => {
      await insertRows(
        db,
        'flagwright_features',
        [
          'name',
          'project',
          'type',
          'description',
          'stale',
          'potentially_stale',
          'impression_data',
          'created_by_user_id',
          'created_at',
          'archived_at',
          'last_seen_at',
        ],
        rows.features,
      );
      await insertRows(
        db,
        'flagwright_feature_environments',
        ['feature_name', 'environment', 'enabled', 'variants', 'last_seen_at'],
        rows.environments,
      );
      await insertRows(
        db,
        'flagwright_feature_strategies',
        [
          'id',
          'feature_name',
          'project_name',
          'environment',
          'strategy_name',
          'disabled',
          'parameters',
          'constraints',
          'sort_order',
          'created_at',
        ],
        rows.strategies,
      );
      await insertRows(db, 'flagwright_feature_strategy_segments', ['strategy_id', 'segment_id', 'created_at'], rows.strategySegments);
      await insertRows(db, 'flagwright_feature_tags', ['feature_name', 'tag_type', 'tag_value', 'created_at'], rows.tags);
      await insertRows(db, 'flagwright_feature_lifecycles', ['feature_name', 'stage', 'created_at'], rows.lifecycles);
      await insertRows(
        db,
        'flagwright_favorite_features',
        ['user_id', 'feature_name', 'created_at'],
        rows.favorites,
        'ON CONFLICT DO NOTHING',
      );
      await insertRows(
        db,
        'flagwright_feature_dependencies',
        ['child', 'parent'],
        rows.dependencies.filter(([child, parent]) => child !== parent),
        'ON CONFLICT DO NOTHING',
      );
      await insertRows(
        db,
        'flagwright_client_metrics_hourly',
        ['feature_name', 'environment', 'hour_start', 'yes_count', 'no_count'],
        rows.metrics,
      );
    });
  }
  // What autovacuum would have done by the time a real PostgreSQL installation has this much data. SQLite keeps
  // no statistics unless told to, and search must not depend on them.
  if (db.isPostgres) await db.query('VACUUM ANALYZE');
}

async function insertRows(db: Database, table: string, columns: string[], rows: unknown[][], suffix = ''): Promise<void> {
  const perStatement = Math.max(1, Math.floor(900 / columns.length));
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const params: Record<string, unknown> = {};
    const values = chunk.map(
      (row, r) =>
        `(${row
          .map((value, c) => {
            const key = `p${r}_${c}`;
            params[key] = typeof value === 'boolean' && !db.isPostgres ? Number(value) : value;
            return `:${key}`;
          })
          .join(', ')})`,
    );
    await db.execute(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')} ${suffix}`, params);
  }
}

function weighted(value: number, options: [string, number][]): string {
  let sum = 0;
  for (const [option, weight] of options) {
    sum += weight;
    if (value < sum) return option;
  }
  return options[options.length - 1][0];
}

function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
