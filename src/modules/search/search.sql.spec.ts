import { searchCriteriaOf } from './search-query.parser.js';
import { asciiLowerCase, filtersOf, sortPlanOf, SqlParams, usesTrigramIndex, viewOf } from './search.sql.js';

const sqlite = { isPostgres: false, toTimestamp: (d: Date) => d.toISOString() };
const postgres = { isPostgres: true, toTimestamp: (d: Date) => d };

describe('search SQL', () => {
  describe('view', () => {
    const view = (query: Record<string, string>) => viewOf(searchCriteriaOf(query), 'probe', new SqlParams(), sqlite);

    it('is the active features unless archived ones are asked for', () => {
      expect(view({})).toEqual({ view: 'active', where: 'f.archived_at IS NULL' });
      expect(view({ archived: 'IS:true' })).toEqual({ view: 'archived', where: 'f.archived_at IS NOT NULL' });
    });

    it('lets a lifecycle filter listing archived include the archived features', () => {
      expect(view({ lifecycle: 'IS:archived' }).view).toBe('archived');
      expect(view({ lifecycle: 'IS_ANY_OF:live,archived' }).view).toBe('mixed');
      expect(view({ lifecycle: 'IS:live' }).view).toBe('active');
      expect(view({ lifecycle: 'IS_NOT:live' }).view).toBe('active');
    });

    it('finds nothing for archived features in a stage other than archived', () => {
      expect(view({ archived: 'IS:true', lifecycle: 'IS:live' }).where).toBe('1 = 0');
      expect(view({ archived: 'IS:true', lifecycle: 'IS_NOT:live' }).view).toBe('archived');
      expect(view({ archived: 'IS:true', lifecycle: 'IS_NOT:archived' }).view).toBe('active');
    });

    it('keeps SQLite from starting a driven query at the archived_at index', () => {
      expect(viewOf(searchCriteriaOf({}), 'drive', new SqlParams(), sqlite).where).toBe('+f.archived_at IS NULL');
      expect(viewOf(searchCriteriaOf({}), 'drive', new SqlParams(), postgres).where).toBe('f.archived_at IS NULL');
    });
  });

  describe('filters', () => {
    it('uses the trigram index only to drive a query, and only for terms it can answer', () => {
      const params = new SqlParams();
      const driven = filtersOf(searchCriteriaOf({ query: 'Check"out' }), {}, 'drive', params, sqlite);
      expect(driven.conditions[0]).toContain('flagwright_feature_search_fts MATCH');
      expect(Object.values(params.values)).toContain('"check""out"');
      expect(filtersOf(searchCriteriaOf({ query: 'Check' }), {}, 'probe', new SqlParams(), sqlite).conditions[0]).not.toContain('MATCH');
      expect(filtersOf(searchCriteriaOf({ query: 'ab' }), {}, 'drive', new SqlParams(), sqlite)).toMatchObject({ drivable: false });
      expect(filtersOf(searchCriteriaOf({ query: 'ab' }), {}, 'drive', new SqlParams(), postgres).conditions[0]).toContain('ILIKE');
    });

    it('says which filters can drive a query', () => {
      const drivable = (query: Record<string, string>) =>
        filtersOf(searchCriteriaOf(query), { userId: 1 }, 'drive', new SqlParams(), sqlite).drivable;
      expect(drivable({ project: 'IS:a' })).toBe(true);
      expect(drivable({ project: 'IS_NOT:a' })).toBe(false);
      expect(drivable({ tag: 'INCLUDE_ALL_OF:a:b' })).toBe(true);
      expect(drivable({ tag: 'EXCLUDE_ALL:a:b' })).toBe(false);
      expect(drivable({ favorite: 'IS:true' })).toBe(true);
      expect(drivable({ state: 'IS:stale' })).toBe(false);
    });

    it('matches no favorites for a caller without any', () => {
      expect(filtersOf(searchCriteriaOf({ favorite: 'IS:true' }), {}, 'probe', new SqlParams(), sqlite).conditions).toEqual(['1 = 0']);
      expect(filtersOf(searchCriteriaOf({ favorite: 'IS:false' }), {}, 'probe', new SqlParams(), sqlite).conditions).toEqual([]);
    });
  });

  describe('sort plan', () => {
    it('orders every sort with ties by createdAt then name ascending, name in byte order on PostgreSQL', () => {
      expect(sortPlanOf(searchCriteriaOf({ sortBy: 'type', sortOrder: 'desc' }), {}, postgres).buckets).toEqual([
        {
          drivable: false,
          orderBy: 'f.type COLLATE "C" DESC, f.created_at ASC, f.name COLLATE "C" ASC',
          index: 'flagwright_features_search_type_desc_idx',
        },
      ]);
      expect(sortPlanOf(searchCriteriaOf({ sortOrder: 'desc' }), {}, sqlite).buckets[0].orderBy).toBe('f.created_at DESC, f.name ASC');
    });

    it('splits environment and lastSeenAt sorts into groups, favorites first in front of them', () => {
      expect(sortPlanOf(searchCriteriaOf({ sortBy: 'environment:production' }), {}, sqlite).buckets).toHaveLength(3);
      expect(sortPlanOf(searchCriteriaOf({ sortBy: 'lastSeenAt' }), {}, sqlite).buckets).toHaveLength(2);
      expect(
        sortPlanOf(searchCriteriaOf({ sortBy: 'environment:production', favoritesFirst: 'true' }), { userId: 1 }, sqlite).buckets,
      ).toHaveLength(6);
      expect(sortPlanOf(searchCriteriaOf({ favoritesFirst: 'true' }), {}, sqlite).buckets).toHaveLength(1);
    });
  });

  it('lower-cases ASCII letters only, as SQLite does', () => {
    expect(asciiLowerCase('ÄBc-Ö')).toBe('Äbc-Ö');
    expect(usesTrigramIndex('abc')).toBe(true);
    expect(usesTrigramIndex('ab')).toBe(false);
    expect(usesTrigramIndex('a\nbc')).toBe(false);
  });
});
