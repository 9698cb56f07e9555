import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

type HeaderChange = [name: string, value: string | undefined];

/**
 * helmet's headers (without a Content-Security-Policy, which the API's JSON answers do not need), found once by
 * running helmet against a recording response. Its values do not depend on the request, so each request gets the
 * recorded list in one middleware instead of helmet's eleven.
 */
function helmetHeaderChanges(): HeaderChange[] {
  const changes: HeaderChange[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => changes.push([name, String(value)]),
    removeHeader: (name: string) => changes.push([name, undefined]),
  };
  let completed = false;
  helmet({ contentSecurityPolicy: false })({} as IncomingMessage, recorder as unknown as ServerResponse, () => (completed = true));
  if (!completed) throw new Error('helmet did not complete synchronously: its headers cannot be computed once');
  return changes;
}

/** Sets helmet's headers on every response (and drops X-Powered-By, as helmet does). */
export function securityHeaders(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const changes = helmetHeaderChanges();
  const set = changes.filter((change): change is [string, string] => change[1] !== undefined);
  const removed = changes.filter(([, value]) => value === undefined).map(([name]) => name);
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
