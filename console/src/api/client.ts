import createClient, { type Middleware } from 'openapi-fetch';
import type { components, routes } from './schema';

export type Schemas = components['schemas'];
export type ErrorBody = Schemas['errorSchema'];

/** Where the console is served ("" at the root, "/flags" under a prefix): the server sets the page's <base href>. */
export const basePath = new URL(document.baseURI).pathname.replace(/\/+$/, '');

/** An answer of the API that is not a success, with the API's own error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.message ?? `The service answered ${status}.`);
  }

  /** The message of the `details` entry whose JSON pointer names `property` (e.g. "/body/parameters/rollout"). */
  detailFor(property: string): string | undefined {
    return this.body?.details?.find((detail) => detail.path === property || detail.path?.endsWith(`/${property}`))?.message;
  }
}

/** Told when the session is gone (401 on any call), so the console can send the user to the login page. */
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const signedOut: Middleware = {
  onResponse({ response, request }) {
    if (response.status === 401 && !new URL(request.url).pathname.endsWith('/auth/simple/login')) {
      for (const listener of signedOutListeners) listener();
    }
  },
};

/** A call's answer: its data on a success, else the API's error body; the response either way. */
type Answer<Route extends { data: unknown; error: unknown }> =
  { data: Route['data']; error?: never; response: Response } | { data?: never; error: Route['error']; response: Response };

/** One method's calls: the path (one of the document's, with a placeholder per path parameter) picks the route. */
type Method<Routes extends Record<string, { args: unknown[]; data: unknown; error: unknown }>> = <Path extends keyof Routes & string>(
  path: Path,
  ...init: Routes[Path]['args']
) => Promise<Answer<Routes[Path]>>;

/**
 * The typed client of the service's own API; the session cookie is its credential. openapi-fetch makes the requests;
 * the types are the `routes` generated from the service's OpenAPI document (scripts/console-api.mjs), which resolve each
 * call by one lookup of its method and path instead of openapi-fetch's inference over every path at every call. (Through
 * `unknown`: comparing openapi-fetch's own client type with this one would walk every route, as slow as what it saves.)
 */
export const api = createClient({ baseUrl: `${location.origin}${basePath}`, credentials: 'same-origin' }) as unknown as {
  GET: Method<routes['get']>;
  PUT: Method<routes['put']>;
  POST: Method<routes['post']>;
  DELETE: Method<routes['delete']>;
  PATCH: Method<routes['patch']>;
  use(...middleware: Middleware[]): void;
};
api.use(signedOut);

/** The data of a call, or an ApiError with the API's body: what TanStack Query's functions expect. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error as ErrorBody | undefined);
  return data as T;
}
