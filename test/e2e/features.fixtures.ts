import { ROLE } from '../../src/core/access/permissions.js';
import { seedPerson } from '../helpers/seeds.js';
import { ADMIN_TOKEN, sessionCookieFor, type TestApp } from '../helpers/test-app.js';

/** Helpers shared by the project, environment, feature, tag and lifecycle suites. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A user with the given root role, made through the users store, and a session cookie for them. */
export async function userWithRole(t: TestApp, username: string, roleId: number = ROLE.VIEWER): Promise<{ id: number; cookie: string }> {
  const id = await seedPerson(t, { username, name: username, rootRole: roleId });
  return { id, cookie: await sessionCookieFor(t, id) };
}

/** A supertest request authenticated with the admin API token, JSON body if any. */
export function admin(t: TestApp) {
  const http = t.http();
  return {
    get: (url: string) => http.get(url).set('Authorization', ADMIN_TOKEN),
    post: (url: string, body?: unknown) =>
      body === undefined
        ? http.post(url).set('Authorization', ADMIN_TOKEN)
        : http
            .post(url)
            .set('Authorization', ADMIN_TOKEN)
            .send(body as object),
    put: (url: string, body: unknown) =>
      http
        .put(url)
        .set('Authorization', ADMIN_TOKEN)
        .send(body as object),
    patch: (url: string, body: unknown) =>
      http
        .patch(url)
        .set('Authorization', ADMIN_TOKEN)
        .send(body as object),
    delete: (url: string) => http.delete(url).set('Authorization', ADMIN_TOKEN),
  };
}

export async function createProject(t: TestApp, id: string, name = id): Promise<void> {
  const res = await admin(t).post('/api/admin/projects', { id, name });
  if (res.status !== 201) throw new Error(`create project ${id}: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createFeature(
  t: TestApp,
  project: string,
  name: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const res = await admin(t).post(`/api/admin/projects/${project}/features`, { name, ...body });
  if (res.status !== 201) throw new Error(`create feature ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
