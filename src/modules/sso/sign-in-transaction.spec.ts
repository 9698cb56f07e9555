import type { Request } from 'express';
import { readTransaction, safeReturnPath, SIGN_IN_COOKIE, type SignInTransaction, transactionCookie } from './sign-in-transaction.js';

const SECRET = 'unit-spec-secret-0123456789';
const requestWith = (cookie: string) => ({ headers: { cookie } }) as Request;

describe('safeReturnPath', () => {
  it('keeps a path of this service, with its query and fragment', () => {
    expect(safeReturnPath(undefined, '/flags/')).toBe('/flags/');
    expect(safeReturnPath('', '/')).toBe('/');
    expect(safeReturnPath('/projects/default?tab=flags#top', '/')).toBe('/projects/default?tab=flags#top');
    expect(safeReturnPath('/a/../b', '/')).toBe('/b');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'projects',
    '/x\r\nLocation: y',
    '/\t/evil.example',
  ])('refuses %j', (redirect) => {
    expect(safeReturnPath(redirect, '/')).toBeUndefined();
  });
});

describe('the transaction cookie', () => {
  const transaction: SignInTransaction = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/', expiresAt: 2_000 };
  const cookieOf = (t: SignInTransaction, secret = SECRET) => transactionCookie(t, secret, '/auth/oidc', true).split(';')[0];

  it('is read back while it lasts, under the same secret only', () => {
    const cookie = transactionCookie(transaction, SECRET, '/auth/oidc', true);
    expect(cookie).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=[^;]+; Max-Age=600; Path=/auth/oidc; HttpOnly; Secure; SameSite=Lax$`));
    expect(readTransaction(requestWith(cookieOf(transaction)), SECRET, 1_000)).toEqual(transaction);
    expect(readTransaction(requestWith(cookieOf(transaction)), SECRET, 2_000)).toBeUndefined();
    expect(readTransaction(requestWith(cookieOf(transaction, 'another-secret-0123456789')), SECRET, 1_000)).toBeUndefined();
  });

  it('is refused when changed by the browser', () => {
    const [name, value] = cookieOf(transaction).split('=');
    const forged = Buffer.from(JSON.stringify({ ...transaction, returnTo: 'https://evil.example' })).toString('base64url');
    expect(readTransaction(requestWith(`${name}=${forged}${value.slice(value.indexOf('.'))}`), SECRET, 1_000)).toBeUndefined();
    expect(readTransaction(requestWith('other=1'), SECRET, 1_000)).toBeUndefined();
  });
});
