import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.js';

/** What the strategy and segment suites share; their projects and features come from test/helpers/seeds.ts. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function strategiesUrl(project: string, feature: string, environment: string, id?: string): string {
  return `/api/admin/projects/${project}/features/${feature}/environments/${environment}/strategies${id ? `/${id}` : ''}`;
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
