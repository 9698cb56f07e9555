import { eventsOf } from '../helpers/events.js';
import { seedPerson, seedServiceAccount } from '../helpers/seeds.js';
import { ADMIN_TOKEN, createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { ISO, ROLE, UUID } from './rbac.fixtures.js';

const DAY_MS = 24 * 3600_000;

/** getInactiveUsers and deleteInactiveUsers: people not seen for USER_INACTIVITY_THRESHOLD_IN_DAYS (180 by default). */
describe('inactive users: /api/admin/user-admin/inactive', () => {
  let t: TestApp;
  let quiet: number;
  let returning: number;
  let tokenUser: number;
  let patSecret: string;
  let newcomer: number;
  let admin2: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    quiet = await seedPerson(t, { username: 'quiet', email: 'quiet@example.com', name: 'Quiet' });
    returning = (
      await t
        .http()
        .post('/api/admin/user-admin')
        .set('Authorization', ADMIN_TOKEN)
        .send({ username: 'returning', password: 'Sup3r-secret', rootRole: ROLE.VIEWER })
        .expect(201)
    ).body.id;
    tokenUser = await seedPerson(t, { username: 'token-user' });
    const expiresAt = new Date(t.clock.now().getTime() + 400 * DAY_MS).toISOString();
    patSecret = (
      await t
        .http()
        .post('/api/admin/user/tokens')
        .set('Cookie', await sessionCookieFor(t, tokenUser))
        .send({ description: 'ci', expiresAt })
        .expect(201)
    ).body.secret;
    await seedServiceAccount(t, { username: 'old-robot' });
    const secondAdmin = await seedPerson(t, { username: 'admin2', rootRole: ROLE.ADMIN });
    t.clock.advance(181 * DAY_MS);
    admin2 = { id: secondAdmin, cookie: await sessionCookieFor(t, secondAdmin) };
    newcomer = await seedPerson(t, { username: 'newcomer' });
    await t.http().post('/auth/simple/login').send({ username: 'returning', password: 'Sup3r-secret' }).expect(200);
    await t.http().get('/api/admin/user').set('Authorization', patSecret).expect(200);
  });
  afterAll(() => t.close());

  const admin = () => ({
    get: (path: string) => t.http().get(path).set('Authorization', ADMIN_TOKEN),
    post: (path: string, body: object) => t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
  });

  it('lists people created before the threshold with neither a login nor a token used since, by id', async () => {
    const res = await admin().get('/api/admin/user-admin/inactive').expect(200);
    expect(res.body).toEqual({
      version: 1,
      inactiveUsers: [
        { id: 1, name: 'admin', username: 'admin', seenAt: null, createdAt: expect.stringMatching(ISO), patSeenAt: null },
        {
          id: quiet,
          name: 'Quiet',
          email: 'quiet@example.com',
          username: 'quiet',
          seenAt: null,
          createdAt: expect.stringMatching(ISO),
          patSeenAt: null,
        },
        { id: admin2.id, name: null, username: 'admin2', seenAt: null, createdAt: expect.stringMatching(ISO), patSeenAt: null },
      ],
    });
    // returning logged in, token-user used a token, newcomer is too new, old-robot is a service account.
    expect(res.body.inactiveUsers.map((u: { id: number }) => u.id)).not.toContain(returning);
    expect(res.body.inactiveUsers.map((u: { id: number }) => u.id)).not.toContain(tokenUser);
    expect(res.body.inactiveUsers.map((u: { id: number }) => u.id)).not.toContain(newcomer);
  });

  it('shows the last use of a token of a person inactive since', async () => {
    t.clock.advance(181 * DAY_MS);
    const res = await admin().get('/api/admin/user-admin/inactive').expect(200);
    const person = res.body.inactiveUsers.find((u: { id: number }) => u.id === tokenUser);
    expect(person).toEqual({
      id: tokenUser,
      name: null,
      username: 'token-user',
      seenAt: null,
      createdAt: expect.stringMatching(ISO),
      patSeenAt: expect.stringMatching(ISO),
    });
    t.clock.advance(-181 * DAY_MS);
  });

  it('needs ADMIN for both routes', async () => {
    const viewer = await sessionCookieFor(t, newcomer);
    const res = await t.http().get('/api/admin/user-admin/inactive').set('Cookie', viewer).expect(403);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'NoAccessError',
      message:
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.',
    });
    await t
      .http()
      .post('/api/admin/user-admin/inactive/delete')
      .set('Cookie', viewer)
      .send({ ids: [quiet] })
      .expect(403);
    await t.http().get('/api/admin/user-admin/inactive').expect(401);
    await t
      .http()
      .post('/api/admin/user-admin/inactive/delete')
      .send({ ids: [quiet] })
      .expect(401);
  });

  it('refuses a body without ids, or ids that are not whole numbers, naming the property', async () => {
    expect((await admin().post('/api/admin/user-admin/inactive/delete', {}).expect(400)).body.details[0].path).toBe('/body/ids');
    expect(
      (
        await admin()
          .post('/api/admin/user-admin/inactive/delete', { ids: ['x'] })
          .expect(400)
      ).body.details[0].path,
    ).toBe('/body/ids');
  });

  it('refuses a person who is not inactive with 400 naming the id, and an unknown id with 404; nothing is deleted', async () => {
    const active = await admin()
      .post('/api/admin/user-admin/inactive/delete', { ids: [quiet, returning] })
      .expect(400);
    expect(active.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'ValidationError',
      message: expect.stringContaining('/body/ids/1'),
      details: [
        {
          path: '/body/ids/1',
          message: `The \`/body/ids/1\` property must be the id of an inactive user, but user ${returning} has logged in or used a personal access token in the last 180 days (or was created then).`,
        },
      ],
    });
    const unknown = await admin()
      .post('/api/admin/user-admin/inactive/delete', { ids: [quiet, 9999] })
      .expect(404);
    expect(unknown.body).toEqual({ id: expect.stringMatching(UUID), name: 'NotFoundError', message: 'Could not find user with id 9999.' });
    await admin().get(`/api/admin/user-admin/${quiet}`).expect(200);
  });

  it("deletes the people named, one user-deleted event each, skipping the caller's own id", async () => {
    const before = (await eventsOf(t, { type: 'user-deleted' })).length;
    const res = await t
      .http()
      .post('/api/admin/user-admin/inactive/delete')
      .set('Cookie', admin2.cookie)
      .send({ ids: [quiet, admin2.id, quiet] })
      .expect(200);
    expect(res.text).toBe('');
    await admin().get(`/api/admin/user-admin/${quiet}`).expect(404);
    await admin().get(`/api/admin/user-admin/${admin2.id}`).expect(200);
    const events = await eventsOf(t, { type: 'user-deleted' });
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({
      createdBy: 'admin2',
      createdByUserId: admin2.id,
      preData: { id: quiet, name: 'Quiet', username: 'quiet', email: 'quiet@example.com', rootRole: ROLE.VIEWER },
    });
    expect((await admin().get('/api/admin/user-admin/inactive').expect(200)).body.inactiveUsers.map((u: { id: number }) => u.id)).toEqual([
      1,
      admin2.id,
    ]);
  });

  it('keeps the last admin: deleting every inactive admin is refused whole', async () => {
    await admin()
      .post('/api/admin/user-admin/inactive/delete', { ids: [admin2.id] })
      .expect(200);
    const res = await admin()
      .post('/api/admin/user-admin/inactive/delete', { ids: [1] })
      .expect(400);
    expect(res.body.details[0].message).toContain('You cannot delete the last admin');
    await admin().get('/api/admin/user-admin/1').expect(200);
  });
});
