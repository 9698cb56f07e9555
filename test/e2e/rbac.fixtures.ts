import { seedFeature, seedPerson } from '../helpers/seeds.js';
import { ADMIN_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

/**
 * Seeding for the groups, roles, project-access and RBAC suites, over test/helpers/seeds.ts (the owners' stores).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const ROLE = { ADMIN: 1, EDITOR: 2, VIEWER: 3, OWNER: 4, MEMBER: 5, READER: 6 } as const;

export interface SeededUser {
  id: number;
  username: string;
  email: string;
  cookie: string;
}

/** A person with a session cookie; `rootRole` defaults to Viewer. */
export async function seedUser(
  t: TestApp,
  username: string,
  rootRole: number = ROLE.VIEWER,
  name: string | null = null,
): Promise<SeededUser> {
  const email = `${username}@example.com`;
  const id = await seedPerson(t, { username, name: name ?? undefined, email, rootRole, passwordHash: 'not-a-hash' });
  return { id, username, email, cookie: await sessionCookieFor(t, id) };
}

/**
 * A feature switched on in development and production with one `default` strategy in each (added through the
 * API, as the admin token); answers the strategy ids by environment.
 */
export async function seedFeatureWithStrategies(t: TestApp, name: string, project: string): Promise<Record<string, string>> {
  await seedFeature(t, name, project, ['development', 'production']);
  const ids: Record<string, string> = {};
  for (const environment of ['development', 'production']) {
    const created = await t
      .http()
      .post(`/api/admin/projects/${project}/features/${name}/environments/${environment}/strategies`)
      .set('Authorization', ADMIN_TOKEN)
      .send({ name: 'default' })
      .expect(200);
    ids[environment] = created.body.id;
  }
  return ids;
}

export function strategyUrl(project: string, feature: string, environment: string, id: string): string {
  return `/api/admin/projects/${project}/features/${feature}/environments/${environment}/strategies/${id}`;
}

/** The spec's user record (2.8) of a seeded person, as groups and project access show it. */
export function userRecord(user: SeededUser, rootRole: number = ROLE.VIEWER, name: string | null = null) {
  return {
    id: user.id,
    name,
    email: user.email,
    username: user.username,
    imageUrl: expect.stringMatching(/^https:\/\/gravatar\.com\/avatar\/[0-9a-f]{64}\?s=42&d=retro&r=g$/),
    loginAttempts: 0,
    emailSent: false,
    rootRole,
    seenAt: null,
    createdAt: expect.stringMatching(ISO),
    accountType: 'User',
    isAPI: false,
    permissions: [],
    scimId: null,
  };
}

export async function createGroup(t: TestApp, body: object): Promise<{ id: number } & Record<string, unknown>> {
  const res = await t.http().post('/api/admin/groups').set('Authorization', ADMIN_TOKEN).send(body);
  if (res.status !== 201) throw new Error(`create group: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
