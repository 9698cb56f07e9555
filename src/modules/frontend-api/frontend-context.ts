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
