import { seedPerson, seedProjectAssignment, seedProjectRole } from '../helpers/seeds.js';
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
  const roleId = await seedProjectRole(t, `${username}-role`, permission, environment);
  const userId = await seedPerson(t, { username, name: username });
  await seedProjectAssignment(t, project, userId, roleId);
  return userId;
}
