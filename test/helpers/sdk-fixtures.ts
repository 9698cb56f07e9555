import { ADMIN_TOKEN, type TestApp } from './test-app.js';

/**
 * Flags made through the admin API, as a person would, for the tests of the client and frontend APIs; the
 * configuration they only read is written through the owners' stores (seeds.ts: seedConfiguredFeature, seedStrategy,
 * seedSegment, seedDependency), so these tests do not depend on how the admin API is driven.
 */

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
