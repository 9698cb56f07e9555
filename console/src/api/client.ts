import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

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

/** The typed client of the service's own API, generated from its OpenAPI document; the session cookie is its credential. */
export const api = createClient<paths>({ baseUrl: `${location.origin}${basePath}`, credentials: 'same-origin' });
api.use(signedOut);

/** The data of a call, or an ApiError with the API's body: what TanStack Query's functions expect. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error as ErrorBody | undefined);
  return data as T;
}
