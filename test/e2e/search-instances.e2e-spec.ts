import { createTestApp, sessionCookieFor, type TestApp } from '../helpers/test-app.js';
import { hourOf, SearchFixtures } from './search.fixtures.js';

const day = (d: number) => new Date(Date.UTC(2024, 0, d, 10));
const FILTER = 'query=checkout&tag=INCLUDE:simple:beta';

/**
 * Search keeps the pages it found and its whole answers per generation (SearchReadModel). A change written by
 * another instance on the same database must show in this instance's very next search, as it did before anything
 * was kept: `writer` writes through instance A, `reader` searches through instance B, which wrote nothing.
 */
describe('search answers kept in memory, with two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let writer: SearchFixtures;
  let reader: SearchFixtures;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.database);
    writer = new SearchFixtures(a);
    reader = new SearchFixtures(b);
    reader.settleMidHour();
    await writer.feature({ name: 'checkout-one', description: 'Checkout flow', createdAt: day(1) });
    await writer.feature({ name: 'checkout-two', createdAt: day(2) });
    await writer.feature({ name: 'other', createdAt: day(3) });
    await writer.environment('checkout-one', 'development', { enabled: true });
    await writer.tag('checkout-one', 'simple', 'beta');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The same search twice (the second one answered from memory); both answers must agree. */
  async function searchTwice(query: string, auth?: { cookie: string }) {
    const first = await reader.search(query, auth);
    const second = await reader.search(query, auth);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.text).toBe(first.text);
    return second.body as { features: Record<string, unknown>[]; total: number };
  }

  it('shows a new match, a later page and a changed description in the next search', async () => {
    expect(await reader.names(FILTER)).toEqual({ names: ['checkout-one'], total: 1 });
    await searchTwice(FILTER);
    await searchTwice(`${FILTER}&offset=1&limit=1`);

    await writer.tag('checkout-two', 'simple', 'beta');
    expect(await reader.names(FILTER)).toEqual({ names: ['checkout-one', 'checkout-two'], total: 2 });
    expect(await reader.names(`${FILTER}&offset=1&limit=1`)).toEqual({ names: ['checkout-two'], total: 2 });

    await a.db.execute("UPDATE flagwright_features SET description = 'Checkout, renamed' WHERE name = 'checkout-one'");
    const body = await searchTwice(FILTER);
    expect(body.features[0]).toMatchObject({ name: 'checkout-one', description: 'Checkout, renamed' });
  });

  it('shows new evaluations and last-seen times in the next search, and drops a feature that no longer matches', async () => {
    await searchTwice('query=checkout-one');
    const seenAt = new Date(b.clock.now().getTime() - 60_000);
    await writer.metrics('checkout-one', 'development', hourOf(b.clock.now()), 4, 1);
    await a.db.execute("UPDATE flagwright_feature_environments SET last_seen_at = :seenAt WHERE feature_name = 'checkout-one'", {
      seenAt: a.db.toTimestamp(seenAt),
    });
    const body = await searchTwice('query=checkout-one');
    expect(body.features[0].environments).toEqual([
      expect.objectContaining({ name: 'development', yes: 4, no: 1, lastSeenAt: seenAt.toISOString() }),
    ]);

    await searchTwice('lastSeenAt=IS_ON_OR_AFTER:2024-01-01');
    await a.db.execute("DELETE FROM flagwright_feature_tags WHERE feature_name = 'checkout-two'");
    expect(await reader.names(FILTER)).toEqual({ names: ['checkout-one'], total: 1 });
    expect(await reader.names('lastSeenAt=IS_ON_OR_AFTER:2024-01-01')).toEqual({ names: ['checkout-one'], total: 1 });
    await a.db.execute("UPDATE flagwright_feature_environments SET last_seen_at = NULL WHERE feature_name = 'checkout-one'");
    expect(await reader.names('lastSeenAt=IS_ON_OR_AFTER:2024-01-01')).toEqual({ names: [], total: 0 });
  });

  it("shows a favorite added through the other instance in the user's next search", async () => {
    const admin = { cookie: await sessionCookieFor(b, 1) };
    const before = await searchTwice('favoritesFirst=true', admin);
    expect(before.features.map((f) => [f.name, f.favorite])).toEqual([
      ['checkout-one', false],
      ['checkout-two', false],
      ['other', false],
    ]);
    await writer.favorite(1, 'other');
    const after = await searchTwice('favoritesFirst=true', admin);
    expect(after.features.map((f) => [f.name, f.favorite])).toEqual([
      ['other', true],
      ['checkout-one', false],
      ['checkout-two', false],
    ]);
    // An API token has no favorites: its kept answer is another one.
    expect(await reader.names('favoritesFirst=true')).toEqual({ names: ['checkout-one', 'checkout-two', 'other'], total: 3 });
  });
});
