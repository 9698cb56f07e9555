import { SearchCountCache } from './search-count-cache.js';

describe('SearchCountCache', () => {
  const counts = (generation: string, total: number) => ({ generation, total, viewCount: total });

  it('answers counts only for the generation they were taken at', () => {
    const cache = new SearchCountCache();
    cache.set('k', counts('1', 5));
    expect(cache.get('k', '1')).toEqual(counts('1', 5));
    expect(cache.get('k', '2')).toBeUndefined();
    expect(cache.get('k', '1')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new SearchCountCache(2);
    cache.set('a', counts('1', 1));
    cache.set('b', counts('1', 2));
    cache.get('a', '1');
    cache.set('c', counts('1', 3));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')?.total).toBe(1);
    expect(cache.get('c', '1')?.total).toBe(3);
  });
});
