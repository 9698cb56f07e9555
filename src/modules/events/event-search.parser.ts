import type { EventSearch } from './event.model.js';

/** The patterns of Unleash's event search parameters, quoted in 400s as Unleash's schema states them. */
export const EVENT_SEARCH_PATTERNS = {
  list: '^(IS|IS_ANY_OF):(.*?)(,([a-zA-Z0-9_]+))*$',
  id: '^(IS|IS_ANY_OF):(.*?)(,([0-9]+))*$',
  from: '^(IS|IS_ON_OR_AFTER):\\d{4}-\\d{2}-\\d{2}$',
  to: '^(IS|IS_BEFORE):\\d{4}-\\d{2}-\\d{2}$',
} as const;

/*
 * The same languages without the nested lazy quantifiers, which backtrack exponentially on a long value that fails
 * at its end: `(.*?)(,(\w+))*$` accepts what `.*$` accepts.
 */
const LIST = /^(?:IS|IS_ANY_OF):(.*)$/s;
const FROM = /^(?:IS|IS_ON_OR_AFTER):(\d{4})-(\d{2})-(\d{2})$/;
const TO = /^(IS|IS_BEFORE):(\d{4})-(\d{2})-(\d{2})$/;
const WHOLE_NUMBER = /^\d+$/;
const USER_ID = /^-?\d{1,15}$/;

export const EVENT_SEARCH_DEFAULT_LIMIT = 50;
export const EVENT_SEARCH_MAX_LIMIT = 1000;
/** Values one list parameter may name: each is a bound parameter of the search's SQL. */
export const EVENT_SEARCH_MAX_VALUES = 100;

const DAY_MS = 86_400_000;
const ONCE = 'must be a string (give the parameter once)';
const mustMatch = (pattern: string) => `must match pattern "${pattern}"`;

/** The query string of an event search as Express parses it (a repeated parameter is a list, `a[b]=c` an object). */
export interface EventSearchParameters {
  query?: unknown;
  project?: unknown;
  feature?: unknown;
  type?: unknown;
  environment?: unknown;
  id?: unknown;
  createdBy?: unknown;
  from?: unknown;
  to?: unknown;
  offset?: unknown;
  limit?: unknown;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** project, feature, type, environment: `IS:` or `IS_ANY_OF:` and a comma-separated list; an empty list is no filter. */
export function parseNames(raw: unknown): Parsed<string[] | undefined> {
  if (typeof raw !== 'string') return fail(ONCE);
  const match = LIST.exec(raw);
  if (!match) return fail(mustMatch(EVENT_SEARCH_PATTERNS.list));
  const values = [
    ...new Set(
      match[1]
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length > EVENT_SEARCH_MAX_VALUES) return fail(`must name at most ${EVENT_SEARCH_MAX_VALUES} values`);
  return ok(values.length ? values : undefined);
}

/** createdBy (user ids, negative for the system and admin tokens) and id (event ids): whole numbers after the operator. */
function parseNumbers(pattern: string, shape: RegExp, example: string): (raw: unknown) => Parsed<number[] | undefined> {
  return (raw) => {
    if (typeof raw === 'string' && !LIST.test(raw)) return fail(mustMatch(pattern));
    const names = parseNames(raw);
    if (!names.ok || !names.value) return names as Parsed<undefined>;
    if (!names.value.every((value) => shape.test(value))) return fail(`must list whole numbers after the operator, e.g. "${example}"`);
    return ok(names.value.map(Number));
  };
}

export const parseUserIds = parseNumbers(EVENT_SEARCH_PATTERNS.list, USER_ID, 'IS_ANY_OF:1,2');
export const parseEventIds = parseNumbers(EVENT_SEARCH_PATTERNS.id, /^\d{1,15}$/, 'IS_ANY_OF:10,11');

/** A calendar day as midnight UTC, or undefined for a day that does not exist (2024-02-30). */
function utcDay(year: string, month: string, day: string): Date | undefined {
  // Not Date.UTC(year, …): it reads years 0–99 as 1900–1999.
  const date = new Date(Date.UTC(2000, Number(month) - 1, Number(day)));
  date.setUTCFullYear(Number(year));
  const real = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real ? date : undefined;
}

const NOT_A_DAY = 'must name a real calendar day (YYYY-MM-DD)';

/** from: the events of that day and later. */
export function parseFrom(raw: unknown): Parsed<Date> {
  if (typeof raw !== 'string') return fail(ONCE);
  const match = FROM.exec(raw);
  if (!match) return fail(mustMatch(EVENT_SEARCH_PATTERNS.from));
  const day = utcDay(match[1], match[2], match[3]);
  return day ? ok(day) : fail(NOT_A_DAY);
}

/** to: `IS:` the events up to the end of that day (as Unleash); `IS_BEFORE:` those before it. Answers the first instant left out. */
export function parseTo(raw: unknown): Parsed<Date> {
  if (typeof raw !== 'string') return fail(ONCE);
  const match = TO.exec(raw);
  if (!match) return fail(mustMatch(EVENT_SEARCH_PATTERNS.to));
  const day = utcDay(match[2], match[3], match[4]);
  if (!day) return fail(NOT_A_DAY);
  return ok(match[1] === 'IS' ? new Date(day.getTime() + DAY_MS) : day);
}

export function parseText(raw: unknown): Parsed<string | undefined> {
  if (typeof raw !== 'string') return fail(ONCE);
  return ok(raw.trim() || undefined);
}

export function parseOffset(raw: unknown): Parsed<number> {
  if (typeof raw !== 'string') return fail(ONCE);
  const value = WHOLE_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) ? ok(value) : fail(`must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
}

export function parseLimit(raw: unknown): Parsed<number> {
  if (typeof raw !== 'string') return fail(ONCE);
  const value = WHOLE_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  return value >= 1 && value <= EVENT_SEARCH_MAX_LIMIT ? ok(value) : fail(`must be a whole number from 1 to ${EVENT_SEARCH_MAX_LIMIT}`);
}

/** The rule of one parameter, for `@Rule`: why its value breaks it, if it does. */
export function problemOf(parser: (raw: unknown) => Parsed<unknown>): (value: unknown) => string | undefined {
  return (value) => {
    const parsed = parser(value);
    return parsed.ok ? undefined : parsed.reason;
  };
}

/** The search a query asks for, once `EventSearchQueryDto`'s rules accepted it; unknown parameters are ignored. */
export function eventSearchOf(query: EventSearchParameters, projectEventsOnly: boolean): EventSearch {
  const read = <T>(raw: unknown, parser: (raw: unknown) => Parsed<T>): T | undefined =>
    raw === undefined ? undefined : accepted(parser(raw));
  return {
    projects: read(query.project, parseNames),
    features: read(query.feature, parseNames),
    types: read(query.type, parseNames),
    environments: read(query.environment, parseNames),
    ids: read(query.id, parseEventIds),
    createdByUserIds: read(query.createdBy, parseUserIds),
    from: read(query.from, parseFrom),
    before: read(query.to, parseTo),
    text: read(query.query, parseText),
    projectEventsOnly,
    offset: read(query.offset, parseOffset) ?? 0,
    limit: read(query.limit, parseLimit) ?? EVENT_SEARCH_DEFAULT_LIMIT,
  };
}

/** A parameter's value, which the DTO's rules have checked; a failure here is a route that skipped them. */
function accepted<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`An event search parameter reached the search without being validated: it ${parsed.reason}`);
  return parsed.value;
}
