import {
  type DateFilter,
  FEATURE_STATES,
  type FeatureState,
  type ListFilter,
  type SearchCriteria,
  type SearchSort,
  type SetFilter,
  SORT_FIELDS,
  type SortField,
  type TagRef,
} from './search.model.js';

/** The patterns of spec 4.2, quoted in error messages exactly as the spec (and Unleash) state them. */
export const PATTERNS = {
  operator: '^(IS|IS_NOT|IS_ANY_OF|IS_NONE_OF):(.*?)(,([a-zA-Z0-9_]+))*$',
  tag: '^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ALL_OF|INCLUDE_ANY_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):([^:,]+:.+?)(,\\s*[^:,]+:.+?)*$',
  segment: '^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ANY_OF|INCLUDE_ALL_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):(.*?)(,([a-zA-Z0-9_]+))*$',
  date: '^(IS_BEFORE|IS_ON_OR_AFTER):\\d{4}-\\d{2}-\\d{2}$',
  favorite: '^(IS|IS_ANY_OF):(true|false)(,(true|false))*$',
  archived: '^IS:(true|false)$',
} as const;

/*
 * The same languages without the patterns' nested lazy quantifiers, which backtrack exponentially on a long value
 * that fails at its end (one request could stall the service): `(.*?)(,(\w+))*$` accepts what `.*$` accepts, and
 * `([^:,]+:.+?)(,\s*[^:,]+:.+?)*$` what `[^:,]+:.+$` accepts, except that a line break after the first colon,
 * which the original allows inside a later tag's type, is refused here.
 */
const OPERATOR = /^(IS|IS_NOT|IS_ANY_OF|IS_NONE_OF):(.*)$/;
const TAG = /^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ALL_OF|INCLUDE_ANY_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):([^:,]+:.+)$/;
const SEGMENT = /^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ANY_OF|INCLUDE_ALL_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):(.*)$/;
const DATE = /^(IS_BEFORE|IS_ON_OR_AFTER):(\d{4})-(\d{2})-(\d{2})$/;
const FAVORITE = /^(IS|IS_ANY_OF):((?:true|false)(?:,(?:true|false))*)$/;
const ARCHIVED = /^IS:(true|false)$/;
const WHOLE_NUMBER = /^\d+$/;

export const MAX_LIMIT = 1000;
/** Values one list parameter may name (query terms, status entries, tags, …): each becomes a condition to check. */
export const MAX_LIST_VALUES = 100;
const TOO_MANY = `must name at most ${MAX_LIST_VALUES} values`;
export const DEFAULT_LIMIT = 50;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });
const mustMatch = (pattern: string) => `must match pattern "${pattern}"`;

function listAfterOperator(rest: string): string[] {
  return rest
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** project, type, lifecycle: `IS|IS_NOT|IS_ANY_OF|IS_NONE_OF:<values>`; an empty list is no filter. */
export function parseSetFilter(raw: string): Parsed<SetFilter | undefined> {
  const match = OPERATOR.exec(raw);
  if (!match) return fail(mustMatch(PATTERNS.operator));
  const values = [...new Set(listAfterOperator(match[2]))];
  if (values.length > MAX_LIST_VALUES) return fail(TOO_MANY);
  return ok(values.length ? { include: match[1] === 'IS' || match[1] === 'IS_ANY_OF', values } : undefined);
}

export function parseCreatedBy(raw: string): Parsed<SetFilter<number> | undefined> {
  const parsed = parseSetFilter(raw);
  if (!parsed.ok || !parsed.value) return parsed as Parsed<undefined>;
  const ids = parsed.value.values.map((value) => (/^-?\d{1,15}$/.test(value) ? Number(value) : Number.NaN));
  if (ids.some((id) => Number.isNaN(id))) return fail('must list user ids (whole numbers) after the operator, e.g. "IS:1,2"');
  return ok({ include: parsed.value.include, values: ids });
}

export function parseState(raw: string): Parsed<SetFilter<FeatureState> | undefined> {
  const parsed = parseSetFilter(raw);
  if (!parsed.ok || !parsed.value) return parsed as Parsed<undefined>;
  const unknown = parsed.value.values.filter((value) => !(FEATURE_STATES as readonly string[]).includes(value));
  if (unknown.length) return fail(`must list states among ${FEATURE_STATES.map((s) => `"${s}"`).join(', ')} after the operator`);
  return ok(parsed.value as SetFilter<FeatureState>);
}

export function parseTagFilter(raw: string): Parsed<ListFilter<TagRef>> {
  const match = TAG.exec(raw);
  if (!match) return fail(mustMatch(PATTERNS.tag));
  // Values may contain commas: a piece without a colon continues the previous tag's value.
  const entries: string[] = [];
  for (const piece of match[2].split(',')) {
    const start = piece.replace(/^\s+/, '');
    if (entries.length > 0 && !start.includes(':')) entries[entries.length - 1] += `,${piece}`;
    else entries.push(start);
  }
  const tags = new Map<string, TagRef>();
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const tag = { type: entry.slice(0, colon).trim(), value: entry.slice(colon + 1).trim() };
    tags.set(`${tag.type}:${tag.value}`, tag);
  }
  if (tags.size > MAX_LIST_VALUES) return fail(TOO_MANY);
  return ok({ mode: listMode(match[1]), values: [...tags.values()] });
}

export function parseSegmentFilter(raw: string): Parsed<ListFilter<string> | undefined> {
  const match = SEGMENT.exec(raw);
  if (!match) return fail(mustMatch(PATTERNS.segment));
  const values = [...new Set(listAfterOperator(match[2]))];
  if (values.length > MAX_LIST_VALUES) return fail(TOO_MANY);
  return ok(values.length ? { mode: listMode(match[1]), values } : undefined);
}

function listMode(operator: string): ListFilter<unknown>['mode'] {
  if (operator === 'INCLUDE' || operator === 'INCLUDE_ANY_OF') return 'any';
  if (operator === 'INCLUDE_ALL_OF') return 'all';
  if (operator === 'EXCLUDE_ALL') return 'notAll';
  return 'none';
}

/** createdAt, lastSeenAt: `IS_BEFORE|IS_ON_OR_AFTER:YYYY-MM-DD`, compared at midnight UTC of that day. */
export function parseDateFilter(raw: string): Parsed<DateFilter> {
  const match = DATE.exec(raw);
  if (!match) return fail(mustMatch(PATTERNS.date));
  const [year, month, day] = [Number(match[2]), Number(match[3]), Number(match[4])];
  // Not Date.UTC(year, …): it reads years 0–99 as 1900–1999.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return fail('must name a real calendar day (YYYY-MM-DD)');
  }
  return ok({ before: match[1] === 'IS_BEFORE', date });
}

/** `IS:true` favorites only, `IS:false` the others; both is no filter. */
export function parseFavorite(raw: string): Parsed<boolean | undefined> {
  const match = FAVORITE.exec(raw);
  if (!match) return fail(mustMatch(PATTERNS.favorite));
  const values = new Set(match[2].split(','));
  return ok(values.size === 2 ? undefined : values.has('true'));
}

export function parseArchived(raw: string): Parsed<boolean> {
  const match = ARCHIVED.exec(raw);
  return match ? ok(match[1] === 'true') : fail(mustMatch(PATTERNS.archived));
}

export function parseSortBy(raw: string): Parsed<Pick<SearchSort, 'by' | 'environment'>> {
  if ((SORT_FIELDS as readonly string[]).includes(raw)) return ok({ by: raw as SortField });
  const environment = /^environment:(.+)$/.exec(raw)?.[1];
  if (environment !== undefined) return ok({ by: 'environment', environment });
  return fail(`must be one of ${SORT_FIELDS.map((f) => `"${f}"`).join(', ')} or "environment:<environment name>"`);
}

export function parseSortOrder(raw: string): Parsed<'asc' | 'desc'> {
  return raw === 'asc' || raw === 'desc' ? ok(raw) : fail('must be equal to one of the allowed values: "asc", "desc"');
}

export function parseFavoritesFirst(raw: string): Parsed<boolean> {
  return raw === 'true' || raw === 'false' ? ok(raw === 'true') : fail('must be "true" or "false"');
}

export function parseOffset(raw: string): Parsed<number> {
  const value = WHOLE_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) ? ok(value) : fail(`must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
}

export function parseLimit(raw: string): Parsed<number> {
  const value = WHOLE_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  return value >= 1 && value <= MAX_LIMIT ? ok(value) : fail(`must be a whole number from 1 to ${MAX_LIMIT}`);
}

/** One `status` entry: `<environment>:enabled` or `<environment>:disabled`. */
export function parseStatusEntry(raw: string): Parsed<{ environment: string; enabled: boolean }> {
  const match = /^(.+):(enabled|disabled)$/s.exec(raw);
  if (!match) return fail('must list entries of the form "<environment>:enabled" or "<environment>:disabled"');
  return ok({ environment: match[1], enabled: match[2] === 'enabled' });
}

/** Comma-separated terms, each trimmed; empty ones are dropped. */
export function parseTerms(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((term) => term.trim())
        .filter((term) => term.length > 0),
    ),
  ];
}

/** The query string of a search as Express parses it: a repeated parameter is a list, `status` also `status[]`. */
export interface SearchQueryParameters {
  query?: string;
  project?: string;
  type?: string;
  createdBy?: string;
  state?: string;
  lifecycle?: string;
  tag?: string;
  segment?: string;
  status?: string | string[];
  'status[]'?: string | string[];
  createdAt?: string;
  lastSeenAt?: string;
  favorite?: string;
  archived?: string;
  sortBy?: string;
  sortOrder?: string;
  favoritesFirst?: string;
  offset?: string;
  limit?: string;
}

const ONCE = 'must be a string (give the parameter once)';
const STATUS_FORM = 'must list entries of the form "<environment>:enabled" or "<environment>:disabled"';

/** The rule of a parameter that takes one string read by `parser`: why `value` breaks it, if it does. */
export function parameterProblem(parser: (raw: string) => Parsed<unknown>): (value: unknown) => string | undefined {
  return (value) => {
    if (typeof value !== 'string') return ONCE;
    const parsed = parser(value);
    return parsed.ok ? undefined : parsed.reason;
  };
}

export function termsProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return ONCE;
  return parseTerms(value).length > MAX_LIST_VALUES ? `${TOO_MANY} (comma-separated terms)` : undefined;
}

/**
 * The rule of `status` and `status[]`: entries of the right form, at most 100 of them in both together (the limit
 * is reported once, at `status` when both are given).
 */
export function statusProblem(name: 'status' | 'status[]'): (value: unknown, query: Record<string, unknown>) => string | undefined {
  return (value, query) => {
    if (!statusEntries(value).ok) return STATUS_FORM;
    if (name === 'status[]' && query.status !== undefined) return undefined;
    const count = valueOr(statusEntries(query.status), []).length + valueOr(statusEntries(query['status[]']), []).length;
    return count > MAX_LIST_VALUES ? `${TOO_MANY} (entries)` : undefined;
  };
}

type StatusEntry = SearchCriteria['status'][number];

/** The entries of one status parameter (absent, one value or several); all of them must be well-formed. */
function statusEntries(raw: unknown): Parsed<StatusEntry[]> {
  const entries: StatusEntry[] = [];
  for (const entry of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    const parsed = typeof entry === 'string' ? parseStatusEntry(entry) : undefined;
    if (!parsed?.ok) return fail(STATUS_FORM);
    entries.push(parsed.value);
  }
  return ok(entries);
}

/**
 * The criteria of a query that `SearchFeaturesQueryDto`'s rules accepted, with the defaults; unknown parameters
 * are ignored, as Unleash does.
 */
export function searchCriteriaOf(query: SearchQueryParameters): SearchCriteria {
  const read = <T>(raw: string | undefined, parser: (raw: string) => Parsed<T>, fallback: T): T =>
    raw === undefined ? fallback : accepted(parser(raw));
  return {
    terms: query.query === undefined ? [] : parseTerms(query.query),
    project: read(query.project, parseSetFilter, undefined),
    type: read(query.type, parseSetFilter, undefined),
    createdBy: read(query.createdBy, parseCreatedBy, undefined),
    state: read(query.state, parseState, undefined),
    lifecycle: read(query.lifecycle, parseSetFilter, undefined),
    tag: read(query.tag, parseTagFilter, undefined),
    segment: read(query.segment, parseSegmentFilter, undefined),
    status: [...accepted(statusEntries(query.status)), ...accepted(statusEntries(query['status[]']))],
    createdAt: read(query.createdAt, parseDateFilter, undefined),
    lastSeenAt: read(query.lastSeenAt, parseDateFilter, undefined),
    favorite: read(query.favorite, parseFavorite, undefined),
    archived: read(query.archived, parseArchived, false),
    sort: { ...read(query.sortBy, parseSortBy, { by: 'createdAt' }), order: read(query.sortOrder, parseSortOrder, 'asc') },
    favoritesFirst: read(query.favoritesFirst, parseFavoritesFirst, false),
    offset: read(query.offset, parseOffset, 0),
    limit: read(query.limit, parseLimit, DEFAULT_LIMIT),
  };
}

const valueOr = <T>(parsed: Parsed<T>, fallback: T): T => (parsed.ok ? parsed.value : fallback);

/** A parameter's value, which the DTO's rules have checked; a failure here is a route that skipped them. */
function accepted<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`A search parameter reached the search without being validated: it ${parsed.reason}`);
  return parsed.value;
}
