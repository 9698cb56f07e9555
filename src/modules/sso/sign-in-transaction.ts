import { parse as parseCookies, serialize } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import type { Request } from 'express';

/** A sign-in under way, between our redirect to the provider and its redirect back: what the callback must match. */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where the person goes once signed in: a path of this service. */
  returnTo: string;
  /** Epoch milliseconds after which the callback is refused. */
  expiresAt: number;
}

export const SIGN_IN_COOKIE = 'flagwright-oidc';
/** How long a person may take at the provider. */
export const SIGN_IN_MINUTES = 10;

/**
 * The transaction travels in a signed, HttpOnly cookie scoped to the OIDC routes, rather than in the server: a
 * callback may reach any instance, and nothing is written for the requests that never come back. SameSite=Lax, so
 * the provider's top-level redirect back carries it.
 */
export function transactionCookie(transaction: SignInTransaction, secret: string, path: string, secure: boolean): string {
  const value = sign(Buffer.from(JSON.stringify(transaction)).toString('base64url'), secret);
  return serialize(SIGN_IN_COOKIE, value, { path, httpOnly: true, sameSite: 'lax', secure, maxAge: SIGN_IN_MINUTES * 60 });
}

export function clearedTransactionCookie(path: string, secure: boolean): string {
  return serialize(SIGN_IN_COOKIE, '', { path, httpOnly: true, sameSite: 'lax', secure, expires: new Date(0) });
}

/** The request's transaction, when its signature holds and it has not expired. */
export function readTransaction(request: Request, secret: string, now: number): SignInTransaction | undefined {
  const raw = request.headers.cookie ? parseCookies(request.headers.cookie)[SIGN_IN_COOKIE] : undefined;
  const value = raw ? unsign(raw, secret) : false;
  if (value === false) return undefined;
  try {
    const transaction = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as SignInTransaction;
    return transaction.expiresAt > now ? transaction : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The return path asked for, if it stays on this service: a path starting with one `/` (not `//` nor `/\`, which
 * browsers read as another host), without control characters; resolved against a dummy origin, it must keep it.
 */
export function safeReturnPath(redirect: string | undefined, fallback: string): string | undefined {
  if (redirect === undefined || redirect === '') return fallback;
  if (!/^\/(?![/\\])/.test(redirect) || redirect.includes('\\') || [...redirect].some((char) => char.charCodeAt(0) < 0x20))
    return undefined;
  const resolved = new URL(redirect, 'https://flagwright.invalid');
  if (resolved.origin !== 'https://flagwright.invalid') return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
