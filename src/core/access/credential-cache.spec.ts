import { Clock } from '../clock.js';
import type { ChangeWatcher } from '../database/change-watcher.js';
import { CredentialCache } from './credential-cache.js';

/** A clock and a `credentials` generation the test moves by hand. */
function setup(maxEntries = 3, ttlMs = 1000) {
  const state = { now: 1_000_000, generation: 'g1' };
  const changes = { current: async () => state.generation } as unknown as ChangeWatcher;
  const clock = { now: () => new Date(state.now) } as Clock;
  const cache = new CredentialCache<string>(changes, clock, { maxEntries, ttlMs });
  const loads: string[] = [];
  const load =
    (key: string, value = `value-of-${key}`) =>
    () => {
      loads.push(key);
      return Promise.resolve<string | undefined>(value);
    };
  const missing = (key: string) => () => {
    loads.push(key);
    return Promise.resolve(undefined);
  };
  return { state, cache, loads, load, missing };
}

describe('CredentialCache', () => {
  it('answers a kept value without loading it again', async () => {
    const { cache, loads, load } = setup();
    expect(await cache.through('a', load('a'))).toBe('value-of-a');
    expect(await cache.through('a', load('a'))).toBe('value-of-a');
    expect(loads).toEqual(['a']);
  });

  it('keeps nothing that was not found, so a credential created meanwhile is found', async () => {
    const { cache, loads, load, missing } = setup();
    expect(await cache.through('a', missing('a'))).toBeUndefined();
    expect(await cache.through('a', load('a'))).toBe('value-of-a');
    expect(loads).toEqual(['a', 'a']);
    expect(cache.size).toBe(1);
  });

  it('drops every value when the generation moves', async () => {
    const { state, cache, loads, load } = setup();
    await cache.through('a', load('a'));
    await cache.through('b', load('b'));
    state.generation = 'g2';
    expect(await cache.through('a', load('a', 'changed'))).toBe('changed');
    expect(cache.size).toBe(1);
    expect(loads).toEqual(['a', 'b', 'a']);
  });

  it('does not keep a value read under a generation that moved on while it was read', async () => {
    const { state, cache, loads, load } = setup();
    let finishSlowRead: (value: string) => void = () => undefined;
    const slow = cache.through('a', () => new Promise<string>((done) => (finishSlowRead = done)));
    await new Promise((done) => setImmediate(done));
    state.generation = 'g2';
    expect(await cache.through('b', load('b'))).toBe('value-of-b');
    finishSlowRead('read-before-the-change');
    expect(await slow).toBe('read-before-the-change');
    expect(await cache.through('a', load('a', 'read-after-the-change'))).toBe('read-after-the-change');
    expect(loads).toEqual(['b', 'a']);
  });

  it('under several generations, drops every value when any of them moves and only then', async () => {
    const generations: Record<string, string> = { credentials: 'c1', sessions: 's1', other: 'o1' };
    const changes = { current: async (name: string) => generations[name] } as unknown as ChangeWatcher;
    const clock = { now: () => new Date(1_000_000) } as Clock;
    const cache = new CredentialCache<string>(changes, clock, { generations: ['credentials', 'sessions'] });
    const loads: string[] = [];
    const load = (key: string) => () => (loads.push(key), Promise.resolve(`${key}@${loads.length}`));
    expect(await cache.through('a', load('a'))).toBe('a@1');
    generations.other = 'o2';
    expect(await cache.through('a', load('a'))).toBe('a@1');
    generations.sessions = 's2';
    expect(await cache.through('a', load('a'))).toBe('a@2');
    generations.credentials = 'c2';
    expect(await cache.through('a', load('a'))).toBe('a@3');
    expect(loads).toEqual(['a', 'a', 'a']);
  });

  it('loads a value again once it is older than the TTL', async () => {
    const { state, cache, loads, load } = setup(3, 1000);
    await cache.through('a', load('a'));
    state.now += 999;
    await cache.through('a', load('a'));
    state.now += 1;
    await cache.through('a', load('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries values, making room by dropping the oldest', async () => {
    const { cache, loads, load } = setup(3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.through(key, load(key));
    expect(cache.size).toBe(3);
    await cache.through('b', load('b'));
    await cache.through('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
