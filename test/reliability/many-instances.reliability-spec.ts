import { flagwrightMigrations } from '../../src/core/database/migrations/index.js';
import { postgresRequested } from '../helpers/database.js';
import { buildService, call, readDatabase, ServiceProcess, type HttpAnswer, type ServiceDatabase } from '../helpers/service-process.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { WriteLedger } from '../helpers/write-load.js';

const ADMIN = '*:*.instances-admin-secret-0123456789abcdef';
const CLIENT = 'default:development.instances-client-secret-0123456789';
const PASSWORD = 'Sup3r-secret-passw0rd';
const LOCKOUT_THRESHOLD = 3;
const asAdmin = { authorization: ADMIN };

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Asks until the condition holds; answers how long that took, failing after two seconds. */
async function msUntil(condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - started;
    if (Date.now() - started > 2000) throw new Error('still not so after 2 s');
    await pause(20);
  }
}

/** Each applied migration's name, as many times as it was recorded (the history table has one of two names). */
const appliedMigrations = (database: ServiceDatabase) =>
  readDatabase(database, async (query) => {
    const [table] = await query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('flagwright_migrations', 'migrations')",
    );
    return (await query(`SELECT name FROM ${String(table.table_name)} ORDER BY name`)).map((row) => String(row.name));
  });
const everyMigrationOnce = flagwrightMigrations.map((migration) => migration.name).sort();

/**
 * Two and three instances of the built service on one PostgreSQL database, under a write load through each: what
 * one changes is in force on the others within a second, none migrates twice, and a killed one loses nothing it
 * acknowledged.
 */
describe.skipIf(!postgresRequested())('many instances on one PostgreSQL (skipped on SQLite: a database file serves one instance)', () => {
  let database: ServiceDatabase & { drop: () => Promise<void> };
  const started: ServiceProcess[] = [];
  let a: ServiceProcess;
  let b: ServiceProcess;
  let c: ServiceProcess;
  const load = new WriteLedger(ADMIN);
  const loadWorkers: Promise<void>[] = [];
  let loadStopped = false;

  const start = async () => {
    const service = await ServiceProcess.start(database, {
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
      SESSION_SECRET: 'instances-session-secret-0123456789',
      SIMPLE_LOGIN_LIMIT_PER_MINUTE: '100000',
      LOGIN_LOCKOUT_THRESHOLD: String(LOCKOUT_THRESHOLD),
    });
    started.push(service);
    return service;
  };
  const startLoad = (service: ServiceProcess, name: string) =>
    loadWorkers.push(...[1, 2].map((worker) => load.work(service.base, `load-${name}${worker}`, () => loadStopped)));

  const createUser = async (through: ServiceProcess, username: string, rootRole: number) => {
    const created = await call(through.base, 'POST', '/api/admin/user-admin', {
      headers: asAdmin,
      body: { username, password: PASSWORD, rootRole },
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const login = (through: ServiceProcess, username: string, password = PASSWORD) =>
    call(through.base, 'POST', '/auth/simple/login', { body: { username, password } });
  const sessionCookie = async (through: ServiceProcess, username: string) => {
    const answer = await login(through, username);
    expect(answer.status).toBe(200);
    return String((answer.headers['set-cookie'] as string[])[0]).split(';')[0];
  };

  beforeAll(async () => {
    await buildService();
    database = await createTestDatabase({ empty: true });
    // Both start at once on a database without tables: they race to migrate and to create the first admin and tokens.
    [a, b] = await Promise.all([start(), start()]);
    startLoad(a, 'a');
    startLoad(b, 'b');
  }, 300_000);

  afterAll(async () => {
    loadStopped = true;
    for (const service of started) await service.stop('SIGKILL');
    await Promise.all(loadWorkers);
    await database.drop();
  });

  it('runs each migration once when two instances start together on an empty database', async () => {
    expect(await appliedMigrations(database)).toEqual(everyMigrationOnce);
  });

  it('serves a flag changed through one instance to the SDKs of the other within a second', async () => {
    expect(
      (await call(a.base, 'POST', '/api/admin/projects/default/features', { headers: asAdmin, body: { name: 'shared-flag' } })).status,
    ).toBe(201);
    const poll = () => call(b.base, 'GET', '/api/client/features', { headers: { authorization: CLIENT } });
    const shared = (answer: HttpAnswer) => answer.body.features.find((feature: { name: string }) => feature.name === 'shared-flag');
    expect(await msUntil(async () => Boolean(shared(await poll())))).toBeLessThan(1000);
    const before = await poll();
    expect(shared(before).enabled).toBe(false);

    const toggled = await call(a.base, 'POST', '/api/admin/projects/default/features/shared-flag/environments/development/on', {
      headers: asAdmin,
    });
    expect(toggled.status).toBe(200);
    const changed = async () => {
      const answer = await poll();
      return shared(answer).enabled === true && answer.headers.etag !== before.headers.etag;
    };
    expect(await msUntil(changed)).toBeLessThan(1000);
  });

  it('refuses an API token deleted through one instance on the other within a second', async () => {
    const created = await call(a.base, 'POST', '/api/admin/api-tokens', {
      headers: asAdmin,
      body: { tokenName: 'revoked', type: 'admin' },
    });
    expect(created.status).toBe(201);
    const token = { authorization: created.body.secret as string };
    expect((await call(b.base, 'GET', '/api/admin/projects', { headers: token })).status).toBe(200);

    expect((await call(a.base, 'DELETE', `/api/admin/api-tokens/${created.body.id}`, { headers: asAdmin })).status).toBe(200);
    expect(await msUntil(async () => (await call(b.base, 'GET', '/api/admin/projects', { headers: token })).status === 401)).toBeLessThan(
      1000,
    );
    expect((await call(b.base, 'GET', '/api/admin/projects', { headers: token })).body).toMatchObject({ name: 'AuthenticationRequired' });
  });

  it('refuses a session logged out through one instance on the other within a second', async () => {
    await createUser(a, 'leaving', 2);
    const cookie = { cookie: await sessionCookie(a, 'leaving') };
    expect((await call(b.base, 'GET', '/api/admin/user', { headers: cookie })).status).toBe(200);

    expect((await call(a.base, 'POST', '/logout', { headers: cookie })).status).toBe(200);
    expect(await msUntil(async () => (await call(b.base, 'GET', '/api/admin/user', { headers: cookie })).status === 401)).toBeLessThan(
      1000,
    );
  });

  it('locks a login on every instance once it failed the threshold through one', async () => {
    await createUser(a, 'guessed', 2);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) expect((await login(a, 'guessed', `wrong-${i}`)).status).toBe(401);

    // The right password, through the other instance, right away: a lock that had not reached it would let it in.
    const locked = await login(b, 'guessed');
    expect(locked.status).toBe(401);
    expect(locked.body.message).toMatch(/^This login is temporarily locked after too many failed attempts\./);
  });

  it('applies a root role changed through one instance on the other within a second', async () => {
    const userId = await createUser(a, 'demoted', 2);
    const cookie = { cookie: await sessionCookie(a, 'demoted') };
    expect((await call(b.base, 'GET', '/api/admin/api-tokens', { headers: cookie })).status).toBe(200);

    expect((await call(a.base, 'PUT', `/api/admin/user-admin/${userId}`, { headers: asAdmin, body: { rootRole: 3 } })).status).toBe(200);
    expect(
      await msUntil(async () => (await call(b.base, 'GET', '/api/admin/api-tokens', { headers: cookie })).status === 403),
    ).toBeLessThan(1000);
    expect((await call(b.base, 'GET', '/api/admin/api-tokens', { headers: cookie })).body).toMatchObject({ name: 'NoAccessError' });
  });

  it('starts a third instance while two run under load: it migrates nothing again and serves', async () => {
    c = await start();
    startLoad(c, 'c');
    expect(await appliedMigrations(database)).toEqual(everyMigrationOnce);
    const read = await call(c.base, 'GET', '/api/admin/projects/default/features/shared-flag', { headers: asAdmin });
    expect(read.status).toBe(200);
    expect(read.body.environments.find((e: { name: string }) => e.name === 'development').enabled).toBe(true);
  });

  it('loses nothing that a killed instance acknowledged, and the others keep serving', async () => {
    const ledger = new WriteLedger(ADMIN);
    const killedWorkers = [1, 2, 3].map((worker) => ledger.work(b.base, `killed-b${worker}`, () => false));
    const survivorAnswers: number[] = [];
    let killed = false;
    const readers = [a, c].map(async (survivor) => {
      while (!killed)
        survivorAnswers.push(
          (await call(survivor.base, 'GET', '/api/admin/projects/default/features/shared-flag', { headers: asAdmin })).status,
        );
      for (let i = 0; i < 10; i++)
        survivorAnswers.push((await call(survivor.base, 'GET', '/api/client/features', { headers: { authorization: CLIENT } })).status);
    });
    await pause(500 + Math.random() * 1000);
    expect(await b.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    killed = true;
    await Promise.all([...killedWorkers, ...readers]);

    expect(ledger.acknowledged).toBeGreaterThan(0);
    expect(ledger.refusals).toEqual([]);
    expect(await ledger.differences(a.base)).toEqual([]);
    expect(await ledger.differences(c.base)).toEqual([]);
    expect(survivorAnswers.length).toBeGreaterThan(20);
    expect(new Set(survivorAnswers)).toEqual(new Set([200]));

    loadStopped = true;
    await Promise.all(loadWorkers);
    expect(load.refusals).toEqual([]);
    expect(await load.differences(a.base)).toEqual([]);
    expect(await load.differences(c.base)).toEqual([]);
    console.info(`many instances: ${ledger.acknowledged + load.acknowledged} acknowledged writes verified through the survivors`);
    for (const service of started) expect(service.errorLines()).toEqual([]);
  }, 60_000);
});
