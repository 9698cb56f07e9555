import { FakeAccessReadModel, grant } from '../../core/testing/access-read-model.fake.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { eventSearchOf, parseFrom, parseNames, parseTo, parseUserIds } from './event-search.parser.js';
import { EVENT } from './event-types.js';
import type { EventSearch } from './event.model.js';
import { EventTotals, SETTLED_AFTER_MS } from './event-totals.js';
import { FakeEventStore, recordingEvents } from './testing/event-store.fake.js';

describe('event search parameters', () => {
  it('reads IS and IS_ANY_OF lists; an empty list is no filter', () => {
    expect(parseNames('IS:a')).toEqual({ ok: true, value: ['a'] });
    expect(parseNames('IS_ANY_OF:a, b,a,')).toEqual({ ok: true, value: ['a', 'b'] });
    expect(parseNames('IS:')).toEqual({ ok: true, value: undefined });
    expect(parseNames('IS_NOT:a')).toEqual({ ok: false, reason: 'must match pattern "^(IS|IS_ANY_OF):(.*?)(,([a-zA-Z0-9_]+))*$"' });
    expect(parseNames(['IS:a'])).toEqual({ ok: false, reason: 'must be a string (give the parameter once)' });
    expect(parseNames(`IS:${Array.from({ length: 101 }, (_, i) => `v${i}`).join(',')}`)).toEqual({
      ok: false,
      reason: 'must name at most 100 values',
    });
  });

  it('reads creators as whole numbers, negative ones included', () => {
    expect(parseUserIds('IS_ANY_OF:-42,7')).toEqual({ ok: true, value: [-42, 7] });
    expect(parseUserIds('IS:7.5').ok).toBe(false);
  });

  it('reads `from` as the start of its day and `to` as the end of its day (IS) or its start (IS_BEFORE)', () => {
    expect(parseFrom('IS:2024-01-31')).toEqual({ ok: true, value: new Date('2024-01-31T00:00:00.000Z') });
    expect(parseFrom('IS_ON_OR_AFTER:2024-01-31')).toEqual({ ok: true, value: new Date('2024-01-31T00:00:00.000Z') });
    expect(parseTo('IS:2024-01-31')).toEqual({ ok: true, value: new Date('2024-02-01T00:00:00.000Z') });
    expect(parseTo('IS_BEFORE:2024-01-31')).toEqual({ ok: true, value: new Date('2024-01-31T00:00:00.000Z') });
    expect(parseTo('IS:2023-02-29')).toEqual({ ok: false, reason: 'must name a real calendar day (YYYY-MM-DD)' });
  });

  it('builds the search with the defaults', () => {
    expect(eventSearchOf({ project: 'IS:p', query: '  x ' }, true)).toEqual({
      projects: ['p'],
      features: undefined,
      types: undefined,
      environments: undefined,
      ids: undefined,
      createdByUserIds: undefined,
      from: undefined,
      before: undefined,
      text: 'x',
      projectEventsOnly: true,
      offset: 0,
      limit: 50,
    });
  });
});

describe('EventService.search', () => {
  it('shows the events of no project to admins only', async () => {
    const access = new FakeAccessReadModel({ 1: [grant('ADMIN')], 2: [grant('UPDATE_FEATURE')] });
    const { events } = recordingEvents(new FixedClock(), access);
    await events.record({ type: EVENT.TAG_TYPE_CREATED, actor: ACTOR, data: { name: 't' } });
    await events.record({ type: EVENT.FEATURE_CREATED, actor: ACTOR, project: 'p', featureName: 'f', data: { name: 'f' } });
    const typesFor = async (principal: Parameters<typeof events.search>[1]) =>
      (await events.search({}, principal)).events.map((event) => event.type);
    expect(await typesFor(userPrincipal(1))).toEqual(['feature-created', 'tag-type-created']);
    expect(await typesFor(apiTokenPrincipal())).toEqual(['feature-created', 'tag-type-created']);
    expect(await typesFor(userPrincipal(2))).toEqual(['feature-created']);
  });
});

describe('EventService.searchAnswer', () => {
  it('answers a repeated search from the page it kept, and a new match at once', async () => {
    const { events, eventStore } = recordingEvents();
    await events.record({ type: EVENT.FEATURE_CREATED, actor: ACTOR, project: 'p', featureName: 'f', data: { name: 'f' } });
    const pages: unknown[] = [];
    const search = eventStore.search.bind(eventStore);
    eventStore.search = async (s) => {
      pages.push(s.offset);
      return search(s);
    };
    const first = await events.searchAnswer({ project: 'IS:p' }, apiTokenPrincipal());
    expect(await events.searchAnswer({ project: 'IS:p' }, apiTokenPrincipal())).toBe(first);
    expect(pages).toEqual([0]);
    await events.record({ type: EVENT.FEATURE_ARCHIVED, actor: ACTOR, project: 'p', featureName: 'f' });
    const after = JSON.parse(await events.searchAnswer({ project: 'IS:p' }, apiTokenPrincipal()));
    expect(after.events.map((e: { type: string }) => e.type)).toEqual(['feature-archived', 'feature-created']);
    expect(after.total).toBe(2);
    expect(pages).toEqual([0, 0]);
  });

  it("answers from the log, not from what this instance recorded: another instance's event shows at once", async () => {
    const clock = new FixedClock();
    const { events, eventStore } = recordingEvents(clock);
    await events.record({ type: EVENT.FEATURE_CREATED, actor: ACTOR, project: 'p', featureName: 'f', data: { name: 'f' } });
    expect(JSON.parse(await events.searchAnswer({ project: 'IS:p' }, apiTokenPrincipal())).total).toBe(1);
    // Written to the shared table by another instance: this one's EventService never saw it.
    await eventStore.insert({ type: EVENT.FEATURE_ARCHIVED, actor: ACTOR, project: 'p', featureName: 'f' }, clock.now());
    const after = JSON.parse(await events.searchAnswer({ project: 'IS:p' }, apiTokenPrincipal()));
    expect(after.events.map((e: { type: string }) => e.type)).toEqual(['feature-archived', 'feature-created']);
    expect(after.total).toBe(2);
  });
});

describe('EventTotals', () => {
  const search: EventSearch = { types: ['feature-created'], projectEventsOnly: false, offset: 0, limit: 50 };

  async function storeWithEvents(clock: FixedClock, count: number): Promise<FakeEventStore> {
    const store = new FakeEventStore();
    for (let i = 0; i < count; i++) {
      await store.insert({ type: i % 2 ? EVENT.FEATURE_CREATED : EVENT.FEATURE_ARCHIVED, actor: ACTOR }, clock.now());
      clock.advance(10_000);
    }
    return store;
  }

  it('counts the settled events once, then only what settled or arrived since', async () => {
    const clock = new FixedClock();
    const store = await storeWithEvents(clock, 20);
    const counted: unknown[] = [];
    const count = store.count.bind(store);
    store.count = async (s, range) => {
      counted.push(range);
      return count(s, range);
    };
    const totals = new EventTotals(store);
    const settledBefore = () => new Date(clock.now().getTime() - SETTLED_AFTER_MS);
    const settledId = async () => (await store.logState(settledBefore())).settledId;
    // Events older than a minute are settled: the 14 first of 20, taken every 10 s (the 20th at now − 10 s).
    expect(await store.logState(settledBefore())).toEqual({ settledId: 14, newer: 6 });
    expect(await totals.totalOf(search, await settledId())).toBe(10);
    expect(counted).toEqual([{ upToId: 14 }, { afterId: 14 }]);
    counted.length = 0;
    expect(await totals.totalOf(search, await settledId())).toBe(10);
    expect(counted).toEqual([{ afterId: 14 }]);
    counted.length = 0;
    await store.insert({ type: EVENT.FEATURE_CREATED, actor: ACTOR }, clock.now());
    clock.advance(SETTLED_AFTER_MS);
    expect(await totals.totalOf(search, await settledId())).toBe(11);
    // The new event is exactly a minute old: not yet settled.
    expect(counted).toEqual([{ afterId: 14, upToId: 20 }, { afterId: 20 }]);
  });
});
