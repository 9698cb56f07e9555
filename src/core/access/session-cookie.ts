import { parse as parseCookies } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import type { Request } from 'express';

/** The session cookie's value: `s:<id>.<HMAC>`, the format express-session (and so Unleash) writes. */
export function signedSessionId(id: string, secret: string): string {
  return `s:${sign(id, secret)}`;
}

/** The session id carried by the request's cookie, when its signature holds. */
export function readSessionId(request: Request, cookieName: string, secret: string): string | undefined {
  const raw = rawSessionCookie(request, cookieName);
  if (!raw?.startsWith('s:')) return undefined;
  const value = unsign(raw.slice(2), secret);
  return value === false ? undefined : value;
}

export function rawSessionCookie(request: Request, cookieName: string): string | undefined {
  return request.headers.cookie ? parseCookies(request.headers.cookie)[cookieName] : undefined;
}
