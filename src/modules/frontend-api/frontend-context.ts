import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import type { EvaluationContext } from './evaluate.js';

const STANDARD = ['userId', 'sessionId', 'remoteAddress', 'appName', 'currentTime'] as const;
/** Chooses the environment for admin callers (see SdkScopeResolver); never a custom property. */
const NOT_PROPERTIES = new Set<string>([...STANDARD, 'environment', 'properties']);
const BRACKETED = /^properties\[([^\]]+)\]$/;

/**
 * The evaluation context of a frontend request, from its query as Unleash reads it: the standard fields,
 * `properties[name]=value` (whether or not the host's query parser expands brackets), and any other parameter
 * as a custom property. `remoteAddress` defaults to the caller's address. Values that are not single strings are
 * ignored.
 */
export function contextFromQuery(query: Record<string, unknown>, callerAddress: string | undefined): EvaluationContext {
  const context: EvaluationContext = { properties: {} };
  for (const field of STANDARD) {
    const value = query[field];
    if (typeof value === 'string' && value !== '') context[field] = value;
  }
  if (context.remoteAddress === undefined && callerAddress) context.remoteAddress = callerAddress;
  const nested = query.properties;
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    for (const [name, value] of Object.entries(nested)) if (typeof value === 'string') context.properties[name] = value;
  }
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') continue;
    const bracketed = BRACKETED.exec(key);
    if (bracketed) context.properties[bracketed[1]] = value;
    else if (!NOT_PROPERTIES.has(key)) context.properties[key] = value;
  }
  return context;
}

/**
 * `POST /api/frontend`'s `context`, as the frontend SDKs send it in POST mode: absent or null, or an object of the
 * standard fields, `properties`, and any other field as a custom property (as in the query). Every value must be a
 * string (`null` is the same as absent); anything else is refused, naming the property.
 */
export function checkBodyContext(given: unknown, path: string, problems: Problems): void {
  if (given === undefined || given === null) return;
  if (!isPlainObject(given)) return problems.add(path, `The \`${path}\` property must be an object.`);
  const checkText = (value: unknown, valuePath: string) => {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      problems.add(valuePath, `The \`${valuePath}\` property must be a string.`);
    }
  };
  for (const [key, value] of Object.entries(given)) if (key !== 'properties') checkText(value, pointer(path, key));
  const properties = given.properties;
  if (properties === undefined || properties === null) return;
  if (!isPlainObject(properties)) {
    return problems.add(`${path}/properties`, `The \`${path}/properties\` property must be an object of strings.`);
  }
  for (const [name, value] of Object.entries(properties)) checkText(value, pointer(`${path}/properties`, name));
}

/**
 * The evaluation context of a valid `POST /api/frontend` body (`checkBodyContext`), read as the query is, and the
 * environment it asks for (honoured for admin callers only).
 */
export function contextFromBody(
  given: Record<string, unknown> | null | undefined,
  callerAddress: string | undefined,
): { context: EvaluationContext; environment?: string } {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given ?? {})) if (key !== 'properties' && typeof value === 'string') query[key] = value;
  const context = contextFromQuery(query, callerAddress);
  for (const [name, value] of Object.entries((given?.properties as Record<string, unknown> | null | undefined) ?? {})) {
    if (typeof value === 'string') context.properties[name] = value;
  }
  return { context, environment: requestedEnvironment(query) };
}

/** The environment a query or body context asks for (honoured for admin callers only). */
export function requestedEnvironment(source: Record<string, unknown>): string | undefined {
  return typeof source.environment === 'string' ? source.environment : undefined;
}
