import { DEFAULT_LIMITS } from '../../core/config/flagwright-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { RequestValidationPipe } from '../../core/http/request-validation.pipe.js';
import {
  parseDateFilter,
  parseLimit,
  parseOffset,
  parseSegmentFilter,
  parseSetFilter,
  parseSortBy,
  parseStatusEntry,
  parseTagFilter,
  parseTerms,
  searchCriteriaOf,
} from './search-query.parser.js';
import { SearchFeaturesQueryDto } from './search.dto.js';

/** A query string as the route reads it: validated by the DTO's rules, then turned into criteria. */
async function criteriaOf(query: object) {
  const validated = await new RequestValidationPipe({ limits: DEFAULT_LIMITS }).transform(query, {
    type: 'query',
    metatype: SearchFeaturesQueryDto,
  });
  return searchCriteriaOf(validated as SearchFeaturesQueryDto);
}

describe('search query parser', () => {
  describe('operator filters', () => {
    it('reads IS and IS_ANY_OF as inclusion, IS_NOT and IS_NONE_OF as exclusion, trimming and de-duplicating values', () => {
      expect(parseSetFilter('IS:a, b ,a')).toEqual({ ok: true, value: { include: true, values: ['a', 'b'] } });
      expect(parseSetFilter('IS_ANY_OF:a')).toEqual({ ok: true, value: { include: true, values: ['a'] } });
      expect(parseSetFilter('IS_NOT:a')).toEqual({ ok: true, value: { include: false, values: ['a'] } });
      expect(parseSetFilter('IS_NONE_OF:a,b')).toEqual({ ok: true, value: { include: false, values: ['a', 'b'] } });
    });

    it('treats an empty list as no filter and refuses a missing operator', () => {
      expect(parseSetFilter('IS:')).toEqual({ ok: true, value: undefined });
      expect(parseSetFilter('IS: , ')).toEqual({ ok: true, value: undefined });
      expect(parseSetFilter('default').ok).toBe(false);
      expect(parseSetFilter('is:default').ok).toBe(false);
      expect(parseSetFilter('IS:a\nb').ok).toBe(false);
    });
  });

  describe('tags', () => {
    it('splits type from value at the first colon and allows spaces after commas', () => {
      expect(parseTagFilter('INCLUDE:simple:a, team:b:c')).toEqual({
        ok: true,
        value: {
          mode: 'any',
          values: [
            { type: 'simple', value: 'a' },
            { type: 'team', value: 'b:c' },
          ],
        },
      });
    });

    it('keeps a comma inside a value that is not followed by another tag', () => {
      expect(parseTagFilter('INCLUDE_ALL_OF:simple:a,b,team:c')).toEqual({
        ok: true,
        value: {
          mode: 'all',
          values: [
            { type: 'simple', value: 'a,b' },
            { type: 'team', value: 'c' },
          ],
        },
      });
    });

    it.each([
      ['INCLUDE', 'any'],
      ['INCLUDE_ANY_OF', 'any'],
      ['INCLUDE_ALL_OF', 'all'],
      ['DO_NOT_INCLUDE', 'none'],
      ['EXCLUDE_IF_ANY_OF', 'none'],
      ['EXCLUDE_ALL', 'notAll'],
    ])('reads %s as %s', (operator, mode) => {
      expect(parseTagFilter(`${operator}:simple:x`)).toMatchObject({ ok: true, value: { mode } });
      expect(parseSegmentFilter(`${operator}:seg`)).toMatchObject({ ok: true, value: { mode, values: ['seg'] } });
    });

    it('refuses tags without a type, and answers a long failing value without backtracking for long', () => {
      expect(parseTagFilter('INCLUDE:simple').ok).toBe(false);
      expect(parseTagFilter('simple:x').ok).toBe(false);
      const started = Date.now();
      expect(parseTagFilter(`INCLUDE:a:b${',c:d'.repeat(5000)}\n`).ok).toBe(false);
      expect(Date.now() - started).toBeLessThan(200);
    });
  });

  describe('dates, paging and sorting', () => {
    it('reads dates as midnight UTC and refuses days that do not exist', () => {
      expect(parseDateFilter('IS_BEFORE:2024-02-29')).toEqual({
        ok: true,
        value: { before: true, date: new Date('2024-02-29T00:00:00Z') },
      });
      expect(parseDateFilter('IS_ON_OR_AFTER:2023-02-29')).toEqual({ ok: false, reason: 'must name a real calendar day (YYYY-MM-DD)' });
      expect(parseDateFilter('IS_BEFORE:0050-01-01')).toEqual({
        ok: true,
        value: { before: true, date: new Date('0050-01-01T00:00:00Z') },
      });
      expect(parseDateFilter('IS_BEFORE:0004-02-29')).toEqual({
        ok: true,
        value: { before: true, date: new Date('0004-02-29T00:00:00Z') },
      });
      expect(parseDateFilter('IS_BEFORE:0001-02-29')).toEqual({ ok: false, reason: 'must name a real calendar day (YYYY-MM-DD)' });
    });

    it('accepts whole numbers only, in range', () => {
      expect(parseOffset('0')).toEqual({ ok: true, value: 0 });
      expect(parseOffset('007')).toEqual({ ok: true, value: 7 });
      expect(parseOffset('9007199254740992').ok).toBe(false);
      expect(parseLimit('1000')).toEqual({ ok: true, value: 1000 });
      expect(parseLimit('1001').ok).toBe(false);
      expect(parseLimit(' 5').ok).toBe(false);
      expect(parseLimit('0x10').ok).toBe(false);
    });

    it('allows the listed sort fields and environment:<name>', () => {
      expect(parseSortBy('lastSeenAt')).toEqual({ ok: true, value: { by: 'lastSeenAt' } });
      expect(parseSortBy('environment:my:env')).toEqual({ ok: true, value: { by: 'environment', environment: 'my:env' } });
      expect(parseSortBy('createdat').ok).toBe(false);
    });

    it('reads status entries with the environment before the last colon', () => {
      expect(parseStatusEntry('a:b:enabled')).toEqual({ ok: true, value: { environment: 'a:b', enabled: true } });
      expect(parseStatusEntry('production:disabled')).toEqual({ ok: true, value: { environment: 'production', enabled: false } });
      expect(parseStatusEntry(':enabled').ok).toBe(false);
    });

    it('splits terms on commas, trims them and drops empty ones', () => {
      expect(parseTerms(' a ,b,, a,%_ ')).toEqual(['a', 'b', '%_']);
    });
  });

  describe('the query string', () => {
    it('applies the defaults', async () => {
      expect(await criteriaOf({})).toEqual({
        terms: [],
        status: [],
        archived: false,
        sort: { by: 'createdAt', order: 'asc' },
        favoritesFirst: false,
        offset: 0,
        limit: 50,
        project: undefined,
        type: undefined,
        createdBy: undefined,
        state: undefined,
        lifecycle: undefined,
        tag: undefined,
        segment: undefined,
        createdAt: undefined,
        lastSeenAt: undefined,
        favorite: undefined,
      });
    });

    it('merges status and status[] and ignores unknown parameters', async () => {
      const criteria = await criteriaOf({ status: ['a:enabled', 'b:disabled'], 'status[]': 'c:enabled', other: ['x'] });
      expect(criteria.status).toEqual([
        { environment: 'a', enabled: true },
        { environment: 'b', enabled: false },
        { environment: 'c', enabled: true },
      ]);
    });

    it('reports every offending parameter in one ValidationError', async () => {
      let error: unknown;
      try {
        await criteriaOf({ limit: '0', sortOrder: 'up', project: ['IS:a', 'IS:b'], createdBy: 'IS:me', favorite: { x: 1 } });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).details?.map((d) => d.path)).toEqual([
        '/query/project',
        '/query/createdBy',
        '/query/favorite',
        '/query/sortOrder',
        '/query/limit',
      ]);
      expect((error as AppError).details?.[2].message).toBe(
        'The `/query/favorite` property must be a string (give the parameter once). You sent {"x":1}.',
      );
    });
  });
});
