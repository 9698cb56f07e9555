import { invalidProperty } from '../../core/errors/app-error.js';
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
 * The evaluation context of `POST /api/frontend`, from `{context: {...}}` as the frontend SDKs send it in POST mode:
 * the standard fields, `properties`, and any other field as a custom property (as in the query). Every value must
 * be a string (`null` is the same as absent); anything else is refused, naming the property. Answers the context
 * and the environment it asks for (honoured for admin callers only).
 */
export function contextFromBody(body: unknown, callerAddress: string | undefined): { context: EvaluationContext; environment?: string } {
  if (!isObject(body)) throw invalidProperty('/body', 'The request body must be a JSON object with a `context` object.');
  const given = body.context ?? {};
  if (!isObject(given)) throw invalidProperty('/body/context', 'The `/body/context` property must be an object.');
  const stringOrAbsent = (value: unknown, path: string): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw invalidProperty(path, `The \`${path}\` property must be a string.`);
    return value;
  };
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (key === 'properties') continue;
    const text = stringOrAbsent(value, `/body/context/${key}`);
    if (text !== undefined) query[key] = text;
  }
  const properties = given.properties ?? {};
  if (!isObject(properties))
    throw invalidProperty('/body/context/properties', 'The `/body/context/properties` property must be an object of strings.');
  const context = contextFromQuery(query, callerAddress);
  for (const [name, value] of Object.entries(properties)) {
    const text = stringOrAbsent(value, `/body/context/properties/${name}`);
    if (text !== undefined) context.properties[name] = text;
  }
  return { context, environment: requestedEnvironment(query) };
}

/** The environment a query or body context asks for (honoured for admin callers only). */
export function requestedEnvironment(source: Record<string, unknown>): string | undefined {
  return typeof source.environment === 'string' ? source.environment : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
