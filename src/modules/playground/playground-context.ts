import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import type { EvaluationContext } from '../frontend-api/index.js';

/** The context a playground request gives: every value a string; `properties` an object of strings. */
export type PlaygroundContext = Record<string, unknown>;

/** One combination of the advanced form's context: one value per field, custom fields beside the standard ones. */
export type FlatContext = Record<string, string>;

const STANDARD = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const;
const STANDARD_FIELDS = new Set<string>(STANDARD);

/**
 * `context` of a playground request, as Unleash's `sdkContextSchema` has it: an object with a non-empty `appName`;
 * every other value a string (`null` counts as absent), `currentTime` a date, `properties` an object of strings.
 * Each offending property is named.
 */
export function checkPlaygroundContext(given: unknown, path: string, problems: Problems): void {
  if (given === undefined || given === null) return problems.required(path);
  if (!isPlainObject(given)) return problems.invalid(path, 'must be an object', given);
  const appName = given.appName;
  if (appName === undefined || appName === null) problems.required(`${path}/appName`);
  else if (typeof appName !== 'string' || appName === '') problems.invalid(`${path}/appName`, 'must be a non-empty string', appName);
  for (const [key, value] of Object.entries(given)) {
    if (key === 'properties' || key === 'appName' || value === null || value === undefined) continue;
    const valuePath = pointer(path, key);
    if (typeof value !== 'string') problems.invalid(valuePath, 'must be a string', value);
  }
  const currentTime = given.currentTime;
  if (typeof currentTime === 'string' && Number.isNaN(Date.parse(currentTime)))
    problems.invalid(`${path}/currentTime`, 'must be a date-time such as 2026-11-28T12:00:00.000Z', currentTime);
  const properties = given.properties;
  if (properties === undefined || properties === null) return;
  if (!isPlainObject(properties)) return problems.invalid(`${path}/properties`, 'must be an object of strings', properties);
  for (const [name, value] of Object.entries(properties)) {
    if (value !== null && typeof value !== 'string') problems.invalid(pointer(`${path}/properties`, name), 'must be a string', value);
  }
}

/** `projects`: absent, `*` (every project) or a list of project ids. */
export function checkPlaygroundProjects(given: unknown, path: string, problems: Problems): void {
  if (given === undefined || given === null || given === '*') return;
  if (!Array.isArray(given)) return problems.invalid(path, 'must be "*" or a list of project ids', given);
  given.forEach((project, index) => {
    if (typeof project !== 'string') problems.invalid(pointer(path, index), 'must be a string', project);
  });
}

/** The context as one flat object of strings: custom `properties` beside the standard fields (a standard field wins). */
export function flatContext(context: PlaygroundContext): FlatContext {
  const flat: FlatContext = {};
  const properties = context.properties;
  if (isPlainObject(properties)) for (const [name, value] of Object.entries(properties)) if (typeof value === 'string') flat[name] = value;
  for (const [key, value] of Object.entries(context)) if (key !== 'properties' && typeof value === 'string') flat[key] = value;
  return flat;
}

/**
 * The advanced form's values per field: each value split at commas, as Unleash splits them (`"a,b"` is `a` and `b`;
 * nothing is trimmed).
 */
export function valuesPerField(context: FlatContext): [string, string[]][] {
  return Object.entries(context).map(([field, value]) => [field, value.split(',')]);
}

/** How many contexts the fields' values combine into (their product), without building them. */
export function combinationCount(fields: [string, string[]][]): number {
  return fields.reduce((count, [, values]) => count * values.length, 1);
}

/** Every combination of one value per field, the first field varying slowest. */
export function combinations(fields: [string, string[]][]): FlatContext[] {
  let contexts: FlatContext[] = [{}];
  for (const [field, values] of fields) contexts = contexts.flatMap((context) => values.map((value) => ({ ...context, [field]: value })));
  return contexts;
}

/**
 * The evaluation context of one flat context in `environment`: the standard fields as they are, every other field a
 * custom property. `environment` is the evaluated one unless the context names another.
 */
export function evaluationContext(context: FlatContext, environment: string): EvaluationContext {
  const evaluation: EvaluationContext = { environment, properties: {} };
  for (const [field, value] of Object.entries(context)) {
    if (STANDARD_FIELDS.has(field)) evaluation[field as (typeof STANDARD)[number]] = value;
    else evaluation.properties[field] = value;
  }
  return evaluation;
}
