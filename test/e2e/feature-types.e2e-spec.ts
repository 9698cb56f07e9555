import { ROLE } from '../../src/core/access/permissions.js';
import { PotentiallyStaleCheck } from '../../src/modules/features/potentially-stale-check.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

const DAY_MS = 86_400_000;
const TYPES = '/api/admin/feature-types';
const RELEASE = {
  id: 'release',
  name: 'Release',
  description: 'Release feature toggles are used to release new features.',
  lifetimeDays: 40,
};

async function typeEvents(t: TestApp, type: string) {
  return (await admin(t).get(`/api/admin/events?type=${type}`).expect(200)).body.events;
}

describe('feature types and lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists Unleash's five types with their lifetimes", async () => {
    const res = await admin(t).get(TYPES).expect(200);
    expect(res.body).toEqual({
      version: 1,
      types: [
        {
          id: 'experiment',
          name: 'Experiment',
          description: 'Experiment feature toggles are used to test and verify multiple different versions of a feature.',
          lifetimeDays: 40,
        },
        {
          id: 'kill-switch',
          name: 'Kill switch',
          description: 'Kill switch feature toggles are used to quickly turn on or off critical functionality in your system.',
          lifetimeDays: null,
        },
        {
          id: 'operational',
          name: 'Operational',
          description: 'Operational feature toggles are used to control aspects of a rollout.',
          lifetimeDays: 7,
        },
        {
          id: 'permission',
          name: 'Permission',
          description: 'Permission feature toggles are used to control permissions in your system.',
          lifetimeDays: null,
        },
        RELEASE,
      ],
    });
  });

  it('changes a lifetime (0 is never, stored as null), recording feature-type-updated with data and preData', async () => {
    const changed = await admin(t).put(`${TYPES}/Release/lifetime`, { lifetimeDays: 12 }).expect(200);
    expect(changed.body).toEqual({ ...RELEASE, lifetimeDays: 12 });
    const never = await admin(t).put(`${TYPES}/release/lifetime`, { lifetimeDays: 0 }).expect(200);
    expect(never.body).toEqual({ ...RELEASE, lifetimeDays: null });
    const listed = (await admin(t).get(TYPES).expect(200)).body.types.find((type: { id: string }) => type.id === 'release');
    expect(listed).toEqual({ ...RELEASE, lifetimeDays: null });
    const events = await typeEvents(t, 'feature-type-updated');
    expect(events.map((event: { data: unknown; preData: unknown; createdBy: string }) => [event.data, event.preData])).toEqual([
      [
        { ...RELEASE, lifetimeDays: null },
        { ...RELEASE, lifetimeDays: 12 },
      ],
      [{ ...RELEASE, lifetimeDays: 12 }, RELEASE],
    ]);
    await admin(t).put(`${TYPES}/release/lifetime`, { lifetimeDays: 40 }).expect(200);
  });

  it('answers 400 naming lifetimeDays, 404 for an unknown type, 403 without ADMIN, 401 without credentials', async () => {
    for (const body of [{ lifetimeDays: -1 }, { lifetimeDays: 1.5 }, { lifetimeDays: '7' }, {}]) {
      const res = await admin(t).put(`${TYPES}/release/lifetime`, body).expect(400);
      expect(res.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/lifetimeDays']);
    }
    const missing = await admin(t).put(`${TYPES}/ghost/lifetime`, { lifetimeDays: 3 }).expect(404);
    expect(missing.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NotFoundError',
      message: 'The feature type you tried to update ("ghost") does not exist.',
    });
    const editor = await userWithRole(t, 'types-editor', ROLE.EDITOR);
    const refused = await t.http().put(`${TYPES}/release/lifetime`).set('Cookie', editor.cookie).send({ lifetimeDays: 3 }).expect(403);
    expect(refused.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.',
    );
    await t.http().get(TYPES).set('Cookie', editor.cookie).expect(200);
    await t.http().get(TYPES).expect(401);
    expect((await admin(t).get(TYPES).expect(200)).body.types.find((type: { id: string }) => type.id === 'release')).toEqual(RELEASE);
  });
});

describe('the potentially stale check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'aging');
    await createFeature(t, 'aging', 'aging-release');
    await createFeature(t, 'aging', 'aging-operational', { type: 'operational' });
    await createFeature(t, 'aging', 'aging-kill-switch', { type: 'kill-switch' });
  });
  afterAll(async () => {
    await t.close();
  });

  const potentiallyStale = async () =>
    (await admin(t).get('/api/admin/search/features?project=IS:aging&state=IS:potentially-stale').expect(200)).body.features.map(
      (feature: { name: string }) => feature.name,
    );

  it("marks flags older than their type's lifetime once, with one event each by the system user; the search sees them", async () => {
    const check = t.app.get(PotentiallyStaleCheck, { strict: false });
    expect(await check.run()).toEqual([]);
    t.clock.advance(8 * DAY_MS);
    expect(await check.run()).toEqual(['aging-operational']);
    t.clock.advance(33 * DAY_MS);
    expect(await check.run()).toEqual(['aging-release']);
    expect(await check.run()).toEqual([]);
    expect(await potentiallyStale()).toEqual(['aging-release', 'aging-operational']);
    const events = await typeEvents(t, 'feature-potentially-stale-on');
    expect(
      events.map((event: { featureName: string; project: string; createdBy: string }) => [
        event.featureName,
        event.project,
        event.createdBy,
      ]),
    ).toEqual([
      ['aging-release', 'aging', 'unleash_system_user'],
      ['aging-operational', 'aging', 'unleash_system_user'],
    ]);
    const active = await admin(t).get('/api/admin/search/features?project=IS:aging&state=IS:active').expect(200);
    expect(active.body.features.map((feature: { name: string }) => feature.name)).toEqual([
      'aging-release',
      'aging-operational',
      'aging-kill-switch',
    ]);
  });

  it('unmarks the flags a longer lifetime makes young again, and runs on one instance at a time', async () => {
    await admin(t).put('/api/admin/feature-types/operational/lifetime', { lifetimeDays: 100 }).expect(200);
    const second = await createTestApp({}, t.database);
    try {
      second.clock.advance(41 * DAY_MS);
      const checks = [t.app.get(PotentiallyStaleCheck, { strict: false }), second.app.get(PotentiallyStaleCheck, { strict: false })];
      // PostgreSQL: both at once, one skips its turn. SQLite: in turns (two connections of one process would wait out
      // the busy timeout, blocking the process); the second finds nothing left to do.
      const runBoth = async () =>
        t.database.url ? Promise.all(checks.map((check) => check.run())) : [await checks[0].run(), await checks[1].run()];
      expect((await runBoth()).flat()).toEqual([]);
      expect(await potentiallyStale()).toEqual(['aging-release']);
      await admin(t).put('/api/admin/feature-types/operational/lifetime', { lifetimeDays: 7 }).expect(200);
      expect((await runBoth()).flat()).toEqual(['aging-operational']);
      expect((await typeEvents(t, 'feature-potentially-stale-on')).length).toBe(3);
    } finally {
      await second.app.close();
    }
  });
});
