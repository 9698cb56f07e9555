import { GenerationCache } from './generation-cache.js';

describe('GenerationCache', () => {
  const page = (generation: string, names: string[]) => ({ generation, names });

  it('answers a value only for the generation it was read at, and forgets it once another is asked for', () => {
    const cache = new GenerationCache<{ generation: string; names: string[] }>(10);
    cache.set('k', page('1', ['a']));
    expect(cache.get('k', '1')).toEqual(page('1', ['a']));
    expect(cache.get('k', '2')).toBeUndefined();
    expect(cache.get('k', '1')).toBeUndefined();
  });

  it('drops the least recently used values until their weight is within the capacity, keeping the newest however heavy', () => {
    const cache = new GenerationCache<{ generation: string; names: string[] }>(4, (value) => value.names.length);
    cache.set('a', page('1', ['a1', 'a2']));
    cache.set('b', page('1', ['b1']));
    cache.get('a', '1');
    cache.set('c', page('1', ['c1', 'c2']));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')?.names).toEqual(['a1', 'a2']);
    expect(cache.get('c', '1')?.names).toEqual(['c1', 'c2']);

    // Replacing a value counts its new weight only; a value heavier than the capacity stays alone.
    cache.set('a', page('2', ['a3']));
    expect(cache.get('c', '1')?.names).toEqual(['c1', 'c2']);
    cache.set('d', page('1', ['d1', 'd2', 'd3', 'd4', 'd5']));
    expect([cache.get('a', '2'), cache.get('c', '1')]).toEqual([undefined, undefined]);
    expect(cache.get('d', '1')?.names).toHaveLength(5);
  });

  it('frees the weight of a value dropped for its generation', () => {
    const cache = new GenerationCache<{ generation: string; names: string[] }>(3, (value) => value.names.length);
    cache.set('a', page('1', ['a1', 'a2']));
    expect(cache.get('a', '2')).toBeUndefined();
    cache.set('b', page('2', ['b1', 'b2']));
    cache.set('c', page('2', ['c1']));
    expect(cache.get('b', '2')?.names).toEqual(['b1', 'b2']);
    expect(cache.get('c', '2')?.names).toEqual(['c1']);
  });
});
