import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.js';

/**
 * Seeding for the strategy and segment suites, straight through SQL so they do not depend on the project and
 * feature routes (written in parallel).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function strategiesUrl(project: string, feature: string, environment: string, id?: string): string {
  return `/api/admin/projects/${project}/features/${feature}/environments/${environment}/strategies${id ? `/${id}` : ''}`;
}

export async function seedProject(
  t: TestApp,
  id: string,
  options: { environments?: string[]; defaultStickiness?: string } = {},
): Promise<void> {
  await t.db.execute('INSERT INTO flagwright_projects (id, name, default_stickiness, created_at) VALUES (:id, :id, :stickiness, :now)', {
    id,
    stickiness: options.defaultStickiness ?? 'default',
    now: t.db.toTimestamp(new Date()),
  });
  for (const environment of options.environments ?? ['development', 'production']) {
    await t.db.execute('INSERT INTO flagwright_project_environments (project_id, environment_name) VALUES (:id, :environment)', {
      id,
      environment,
    });
  }
}

export async function seedEnvironment(t: TestApp, name: string, type = 'test'): Promise<void> {
  await t.db.execute('INSERT INTO flagwright_environments (name, type, created_at) VALUES (:name, :type, :now)', {
    name,
    type,
    now: t.db.toTimestamp(new Date()),
  });
}

/** A feature with its environment rows; `enabledIn` lists the environments where it is switched on. */
export async function seedFeature(t: TestApp, name: string, project = 'default', enabledIn: string[] = []): Promise<void> {
  await t.db.execute('INSERT INTO flagwright_features (name, project, type, created_at) VALUES (:name, :project, :type, :now)', {
    name,
    project,
    type: 'release',
    now: t.db.toTimestamp(new Date()),
  });
  for (const environment of ['development', 'production']) {
    await t.db.execute(
      'INSERT INTO flagwright_feature_environments (feature_name, environment, enabled) VALUES (:name, :environment, :enabled)',
      {
        name,
        environment,
        enabled: enabledIn.includes(environment),
      },
    );
  }
}

export async function seedSegment(t: TestApp, name: string, project: string | null = null): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO flagwright_segments (name, project, constraints, created_at) VALUES (:name, :project, '[]', :now) RETURNING id`,
    { name, project, now: t.db.toTimestamp(new Date()) },
  );
  return Number(row.id);
}

export async function createStrategy(
  t: TestApp,
  project: string,
  feature: string,
  environment: string,
  body: object,
): Promise<Record<string, unknown> & { id: string }> {
  const res = await t
    .http()
    .post(strategiesUrl(project, feature, environment))
    .set('Authorization', ADMIN_TOKEN)
    .send(body);
  if (res.status !== 200) throw new Error(`create strategy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function isEnabled(t: TestApp, feature: string, environment: string): Promise<boolean> {
  const row = await t.db.one<{ enabled: unknown }>(
    'SELECT enabled FROM flagwright_feature_environments WHERE feature_name = :feature AND environment = :environment',
    {
      feature,
      environment,
    },
  );
  return row?.enabled === true || row?.enabled === 1;
}

export interface EventView {
  id: number;
  type: string;
  createdBy: string;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  data: unknown;
  preData: unknown;
  tags: { type: string; value: string }[];
}

/** The feature's events, oldest first. */
export async function eventsOf(t: TestApp, feature: string): Promise<EventView[]> {
  const res = await t.http().get(`/api/admin/events?feature=${feature}&limit=1000`).set('Authorization', ADMIN_TOKEN).expect(200);
  return [...res.body.events].reverse();
}

/** A user holding only `permission` in `project` and `environment` (through a custom project role). */
export async function seedScopedUser(
  t: TestApp,
  username: string,
  permission: string,
  project: string,
  environment: string,
): Promise<number> {
  const now = t.db.toTimestamp(new Date());
  const [role] = await t.db.query<{ id: number }>(
    `INSERT INTO flagwright_roles (name, type, created_at) VALUES (:name, 'project', :now) RETURNING id`,
    { name: `${username}-role`, now },
  );
  await t.db.execute(
    'INSERT INTO flagwright_role_permissions (role_id, permission, environment) VALUES (:roleId, :permission, :environment)',
    {
      roleId: role.id,
      permission,
      environment,
    },
  );
  const [user] = await t.db.query<{ id: number }>(
    `INSERT INTO flagwright_users (username, name, root_role_id, created_at) VALUES (:username, :username, 3, :now) RETURNING id`,
    {
      username,
      now,
    },
  );
  await t.db.execute(
    'INSERT INTO flagwright_role_users (user_id, role_id, project, created_at) VALUES (:userId, :roleId, :project, :now)',
    {
      userId: user.id,
      roleId: role.id,
      project,
      now,
    },
  );
  return Number(user.id);
}
