import { type ErrorDetail, validationError } from '../../core/errors/app-error.js';
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

/** The parameters of spec 4.2 (and Unleash's lifecycle, lastSeenAt, favorite, archived) that take one string. */
type Parameter =
  | 'project'
  | 'type'
  | 'createdBy'
  | 'state'
  | 'lifecycle'
  | 'tag'
  | 'segment'
  | 'createdAt'
  | 'lastSeenAt'
  | 'favorite'
  | 'archived'
  | 'sortBy'
  | 'sortOrder'
  | 'favoritesFirst'
  | 'offset'
  | 'limit';

const STATUS_PARAMETERS = ['status', 'status[]'];

/**
 * Reads the query string of a search (as Express parses it: a repeated parameter is a list; `status` may be one
 * or several, also as `status[]`). Every offending parameter is reported in one 400, with its pointer; unknown
 * parameters are ignored, as Unleash does.
 */
export function parseSearchQuery(parameters: object): SearchCriteria {
  const query = parameters as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const value = <T>(name: Parameter, parser: (raw: string) => Parsed<T>, fallback: T): T => {
    const raw = query[name];
    if (raw === undefined) return fallback;
    const parsed = typeof raw === 'string' ? parser(raw) : fail<T>('must be a string (give the parameter once)');
    if (parsed.ok) return parsed.value;
    details.push(offending(name, parsed.reason, raw));
    return fallback;
  };
  const terms = typeof query.query === 'string' ? parseTerms(query.query) : [];
  if (query.query !== undefined && typeof query.query !== 'string')
    details.push(offending('query', 'must be a string (give the parameter once)', query.query));
  if (terms.length > MAX_LIST_VALUES) details.push(offending('query', `${TOO_MANY} (comma-separated terms)`, query.query));
  const status: SearchCriteria['status'] = [];
  for (const name of STATUS_PARAMETERS) {
    const raw = query[name];
    if (raw === undefined) continue;
    const entries = (Array.isArray(raw) ? raw : [raw]).map((entry) => (typeof entry === 'string' ? parseStatusEntry(entry) : undefined));
    if (entries.every((entry) => entry?.ok))
      status.push(...entries.map((entry) => (entry as { value: SearchCriteria['status'][number] }).value));
    else details.push(offending(name, 'must list entries of the form "<environment>:enabled" or "<environment>:disabled"', raw));
  }
  if (status.length > MAX_LIST_VALUES)
    details.push(
      offending(
        STATUS_PARAMETERS.find((name) => query[name] !== undefined)!,
        `${TOO_MANY} (entries)`,
        query.status ?? query['status[]'],
      ),
    );
  const criteria: SearchCriteria = {
    terms,
    project: value('project', parseSetFilter, undefined),
    type: value('type', parseSetFilter, undefined),
    createdBy: value('createdBy', parseCreatedBy, undefined),
    state: value('state', parseState, undefined),
    lifecycle: value('lifecycle', parseSetFilter, undefined),
    tag: value('tag', parseTagFilter, undefined),
    segment: value('segment', parseSegmentFilter, undefined),
    status,
    createdAt: value('createdAt', parseDateFilter, undefined),
    lastSeenAt: value('lastSeenAt', parseDateFilter, undefined),
    favorite: value('favorite', parseFavorite, undefined),
    archived: value('archived', parseArchived, false),
    sort: { ...value('sortBy', parseSortBy, { by: 'createdAt' }), order: value('sortOrder', parseSortOrder, 'asc') },
    favoritesFirst: value('favoritesFirst', parseFavoritesFirst, false),
    offset: value('offset', parseOffset, 0),
    limit: value('limit', parseLimit, DEFAULT_LIMIT),
  };
  if (details.length) throw validationError(details);
  return criteria;
}

function offending(name: string, reason: string, value: unknown): ErrorDetail {
  const text = JSON.stringify(value);
  const sent = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return { path: `/query/${name}`, message: `The \`/query/${name}\` property ${reason}. You sent ${sent}.` };
}
