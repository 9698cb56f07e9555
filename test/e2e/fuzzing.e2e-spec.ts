import { fuzz, fuzzSeed, prepareFuzzing } from '../helpers/request-fuzzer.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The fast part of the fuzzer (issue 14, item 1): a few hundred generated requests over every route of the OpenAPI
 * document, on a fixed seed so that `npm test` is repeatable. `npm run test:reliability` sends ten thousand more on
 * a new seed each run.
 */
describe('malformed requests to every route, generated', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('are answered below 500, within a second, with the error body, and leave the database as it was when refused', async () => {
    // Metrics accepted by one request are written a while later: never during the run, so they cannot look like a
    // refused request's doing.
    t = await createTestApp({ metricsFlushIntervalSeconds: 3600 });
    const { callers, fixture } = await prepareFuzzing(t);
    const run = await fuzz(t, callers, fixture, { numRuns: 300, seed: fuzzSeed(14) });
    expect(run.requests).toBe(300);
    await t.http().get('/health').expect(200);
  }, 120_000);
});
