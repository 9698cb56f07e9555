import { randomUUID } from 'node:crypto';
import { ADMIN_TOKEN, type TestApp } from './test-app.js';

/**
 * Feature configuration written straight into the tables, for the tests of the client and frontend APIs: they
 * read what the admin API stores, and these tests should not depend on how the admin API is driven.
 */
export interface FeatureFixture {
  name: string;
  project?: string;
  type?: string;
  description?: string | null;
  stale?: boolean;
  impressionData?: boolean;
  archived?: boolean;
  /** Environments the feature has, with whether it is enabled there and its variants. */
  environments?: Record<string, { enabled: boolean; variants?: object[] }>;
}

export interface StrategyFixture {
  feature: string;
  environment?: string;
  name?: string;
  title?: string | null;
  disabled?: boolean;
  parameters?: Record<string, string>;
  constraints?: object[];
  variants?: object[];
  segments?: number[];
  sortOrder?: number;
}

const now = (t: TestApp) => t.db.toTimestamp(t.clock.now());

export async function insertProject(t: TestApp, id: string, environments = ['development', 'production']): Promise<void> {
  await t.db.execute('INSERT INTO flagwright_projects (id, name, created_at) VALUES (:id, :id, :now)', { id, now: now(t) });
  for (const environment of environments) {
    await t.db.execute('INSERT INTO flagwright_project_environments (project_id, environment_name) VALUES (:id, :environment)', {
      id,
      environment,
    });
  }
}

export async function insertFeature(t: TestApp, feature: FeatureFixture): Promise<void> {
  await t.db.execute(
    `INSERT INTO flagwright_features (name, project, type, description, stale, impression_data, created_at, archived_at)
     VALUES (:name, :project, :type, :description, :stale, :impressionData, :now, :archivedAt)`,
    {
      name: feature.name,
      project: feature.project ?? 'default',
      type: feature.type ?? 'release',
      description: feature.description ?? null,
      stale: feature.stale ?? false,
      impressionData: feature.impressionData ?? false,
      now: now(t),
      archivedAt: feature.archived ? now(t) : null,
    },
  );
  for (const [environment, state] of Object.entries(feature.environments ?? {})) {
    await t.db.execute(
      'INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants) VALUES (:name, :environment, :enabled, :variants)',
      { name: feature.name, environment, enabled: state.enabled, variants: JSON.stringify(state.variants ?? []) },
    );
  }
}

export async function insertStrategy(t: TestApp, strategy: StrategyFixture): Promise<string> {
  const id = randomUUID();
  const project = await t.db.one<{ project: string }>('SELECT project FROM flagwright_features WHERE name = :name', {
    name: strategy.feature,
  });
  await t.db.execute(
    `INSERT INTO flagwright_feature_strategies (id, feature_name, project_name, environment, strategy_name, title, disabled, parameters, constraints, variants, sort_order, created_at)
     VALUES (:id, :feature, :project, :environment, :name, :title, :disabled, :parameters, :constraints, :variants, :sortOrder, :now)`,
    {
      id,
      feature: strategy.feature,
      project: project!.project,
      environment: strategy.environment ?? 'development',
      name: strategy.name ?? 'default',
      title: strategy.title ?? null,
      disabled: strategy.disabled ?? false,
      parameters: JSON.stringify(strategy.parameters ?? {}),
      constraints: JSON.stringify(strategy.constraints ?? []),
      variants: JSON.stringify(strategy.variants ?? []),
      sortOrder: strategy.sortOrder ?? 0,
      now: now(t),
    },
  );
  for (const segmentId of strategy.segments ?? []) {
    await t.db.execute(
      'INSERT INTO flagwright_feature_strategy_segments (strategy_id, segment_id, created_at) VALUES (:id, :segmentId, :now)',
      {
        id,
        segmentId,
        now: now(t),
      },
    );
  }
  return id;
}

export async function insertSegment(t: TestApp, name: string, constraints: object[]): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO flagwright_segments (name, constraints, created_at) VALUES (:name, :constraints, :now) RETURNING id',
    { name, constraints: JSON.stringify(constraints), now: now(t) },
  );
  return Number(row.id);
}

export async function insertDependency(t: TestApp, child: string, parent: string, enabled = true, variants: string[] = []): Promise<void> {
  await t.db.execute(
    'INSERT INTO flagwright_feature_dependencies (child, parent, enabled, variants) VALUES (:child, :parent, :enabled, :variants)',
    {
      child,
      parent,
      enabled,
      variants: JSON.stringify(variants),
    },
  );
}

/** Turns a flag on or off in development through the admin API, as a person would. */
export async function toggle(t: TestApp, feature: string, on: boolean): Promise<void> {
  await t
    .http()
    .post(`/api/admin/projects/default/features/${feature}/environments/development/${on ? 'on' : 'off'}`)
    .set('Authorization', ADMIN_TOKEN)
    .expect(200);
}

/** A flag of the default project with the default strategy, on in development, made through the admin API. */
export async function createFlag(t: TestApp, name: string): Promise<void> {
  await t.http().post('/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send({ name }).expect(201);
  await t
    .http()
    .post(`/api/admin/projects/default/features/${name}/environments/development/strategies`)
    .set('Authorization', ADMIN_TOKEN)
    .send({ name: 'default' })
    .expect(200);
  await toggle(t, name, true);
}
