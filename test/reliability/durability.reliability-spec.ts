import { createTestDatabase } from '../helpers/test-app.js';
import { buildService, call, readDatabase, ServiceProcess, type ServiceDatabase } from '../helpers/service-process.js';
import { WriteLedger } from '../helpers/write-load.js';

const ADMIN = '*:*.durability-admin-secret-0123456789abcdef';
const CLIENT = 'default:development.durability-client-secret-0123456789';
const KILLS = 20;
const WORKERS = 4;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Rows that a write left half done: each would break a read, and a transaction that rolled back leaves none. */
const HALF_WRITTEN = {
  strategiesWithoutFeature:
    'SELECT COUNT(*) AS n FROM flagwright_feature_strategies s WHERE NOT EXISTS (SELECT 1 FROM flagwright_features f WHERE f.name = s.feature_name)',
  featuresWithoutEnvironments:
    'SELECT COUNT(*) AS n FROM flagwright_features f WHERE NOT EXISTS (SELECT 1 FROM flagwright_feature_environments e WHERE e.feature_name = f.name)',
  tagsWithoutFeature:
    'SELECT COUNT(*) AS n FROM flagwright_feature_tags t WHERE NOT EXISTS (SELECT 1 FROM flagwright_features f WHERE f.name = t.feature_name)',
  clientTokensWithoutProject:
    "SELECT COUNT(*) AS n FROM flagwright_api_tokens t WHERE t.type = 'client' AND NOT EXISTS (SELECT 1 FROM flagwright_api_token_projects p WHERE p.token_id = t.id)",
};

/** What a database holds after a hard kill: its own integrity check (SQLite), half-written rows, the writes' events. */
function inspect(database: ServiceDatabase) {
  return readDatabase(database, async (query) => {
    const halfWritten: Record<string, number> = {};
    for (const [name, sql] of Object.entries(HALF_WRITTEN)) halfWritten[name] = Number((await query(sql))[0].n);
    return {
      integrity: database.url ? 'ok' : (await query('PRAGMA integrity_check')).map((row) => row.integrity_check).join('; '),
      foreignKeyViolations: database.url ? [] : await query('PRAGMA foreign_key_check'),
      halfWritten,
      // One event per write: a tag value's first use also records `tag-created` beside the flag's `feature-tagged`.
      events: Number((await query("SELECT COUNT(*) AS n FROM flagwright_events WHERE type <> 'tag-created'"))[0].n),
    };
  });
}

const NOTHING_HALF_WRITTEN = Object.fromEntries(Object.keys(HALF_WRITTEN).map((name) => [name, 0]));

/**
 * The built service under a steady write load, killed hard at random moments and stopped gracefully: every write
 * it acknowledged is there after a restart, on the database the suite runs on.
 */
describe('durability of the service process', () => {
  let database: ServiceDatabase & { drop: () => Promise<void> };
  const started: ServiceProcess[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const service = await ServiceProcess.start(database, { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT, ...env });
    started.push(service);
    return service;
  };

  beforeAll(async () => {
    await buildService();
    database = await createTestDatabase();
  }, 300_000);

  afterAll(async () => {
    for (const service of started) await service.stop('SIGKILL');
    await database.drop();
  });

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs at random moments of a write load`, async () => {
    const ledger = new WriteLedger(ADMIN);
    for (let kill = 0; kill < KILLS; kill++) {
      const service = await start();
      if (kill > 0) expect(await ledger.differences(service.base, `k${kill - 1}-`)).toEqual([]);
      const before = ledger.acknowledged;
      const workers = Array.from({ length: WORKERS }, (_, worker) => ledger.work(service.base, `k${kill}-w${worker}`, () => false));
      await pause(300 + Math.random() * 600);
      expect(await service.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      await Promise.all(workers);
      expect(ledger.acknowledged).toBeGreaterThan(before);

      const found = await inspect(database);
      expect({ integrity: found.integrity, foreignKeyViolations: found.foreignKeyViolations, halfWritten: found.halfWritten }).toEqual({
        integrity: 'ok',
        foreignKeyViolations: [],
        halfWritten: NOTHING_HALF_WRITTEN,
      });
      expect(found.events).toBeGreaterThanOrEqual(ledger.acknowledged);
    }

    const restarted = await start();
    expect(ledger.refusals).toEqual([]);
    expect(await ledger.differences(restarted.base)).toEqual([]);
    console.info(
      `durability: ${KILLS} kills survived, ${ledger.acknowledged} acknowledged writes on ${ledger.featureCount} features verified`,
    );
    for (const service of started) expect(service.errorLines()).toEqual([]);
    await restarted.stop('SIGKILL');
  }, 240_000);

  it('finishes the requests in flight on SIGTERM, processes none it does not answer, and loses nothing', async () => {
    const service = await start();
    const eventsBefore = (await inspect(database)).events;
    const ledger = new WriteLedger(ADMIN);
    const workers = Array.from({ length: 2 * WORKERS }, (_, worker) => ledger.work(service.base, `term-w${worker}`, () => false));
    await pause(800);
    const before = ledger.acknowledged;
    // Nest raises the signal again after its shutdown hooks ran, so the process ends by SIGTERM, not with a code.
    expect(await service.stop('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    await Promise.all(workers);
    expect(ledger.acknowledged).toBeGreaterThan(before);
    expect(service.output).toContain('Stopped on SIGTERM: in-flight requests finished');
    // Closing the server resets the connections whose request it had not begun to read (Node closes idle
    // connections on close); each write writes one event, so the count shows that none of those was processed.
    for (const ending of ledger.unanswered) expect(ending).toMatch(/: ECONNRESET$/);
    expect((await inspect(database)).events - eventsBefore).toBe(ledger.acknowledged);

    const restarted = await start();
    expect(ledger.refusals).toEqual([]);
    expect(await ledger.differences(restarted.base, 'term-')).toEqual([]);
    expect([...service.errorLines(), ...restarted.errorLines()]).toEqual([]);
    await restarted.stop('SIGKILL');
  });

  it('writes the SDK metrics it holds in memory on SIGTERM', async () => {
    const service = await start({ METRICS_FLUSH_INTERVAL_SECONDS: '3600' });
    const admin = { authorization: ADMIN };
    expect(
      (await call(service.base, 'POST', '/api/admin/projects/default/features', { headers: admin, body: { name: 'metered' } })).status,
    ).toBe(201);
    const now = new Date();
    const bucket = {
      start: now.toISOString(),
      stop: new Date(now.getTime() + 60_000).toISOString(),
      toggles: { metered: { yes: 7, no: 3 } },
    };
    const sent = await call(service.base, 'POST', '/api/client/metrics', {
      headers: { authorization: CLIENT },
      body: { appName: 'durable-app', instanceId: 'durable-1', bucket },
    });
    expect(sent.status).toBe(202);
    expect(await service.stop('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });

    const restarted = await start();
    const searched = await call(restarted.base, 'GET', '/api/admin/search/features?query=metered', { headers: admin });
    expect(searched.status).toBe(200);
    const development = searched.body.features[0].environments.find((e: { name: string }) => e.name === 'development');
    expect({ yes: development.yes, no: development.no }).toEqual({ yes: 7, no: 3 });
    await restarted.stop('SIGKILL');
  });
});
