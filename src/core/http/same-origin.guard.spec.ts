import type { Request } from 'express';
import { isFromAnotherOrigin } from './same-origin.guard.js';

const request = (headers: Record<string, string>) => ({ headers: { host: 'flags.example:4242', ...headers } }) as unknown as Request;

describe('isFromAnotherOrigin', () => {
  it('trusts what Sec-Fetch-Site says: same-origin and typed addresses are ours, sibling and other sites are not', () => {
    expect(isFromAnotherOrigin(request({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }))).toBe(false);
    expect(isFromAnotherOrigin(request({ 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isFromAnotherOrigin(request({ 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isFromAnotherOrigin(request({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
  });

  it('compares Origin with the host without Sec-Fetch-Site, behind a proxy too', () => {
    expect(isFromAnotherOrigin(request({ origin: 'http://flags.example:4242' }))).toBe(false);
    expect(isFromAnotherOrigin(request({ origin: 'https://FLAGS.example:4242' }))).toBe(false);
    expect(isFromAnotherOrigin(request({ origin: 'https://flags.example' }))).toBe(true);
    expect(isFromAnotherOrigin(request({ origin: 'https://console.example', 'x-forwarded-host': 'console.example' }))).toBe(false);
    expect(isFromAnotherOrigin(request({ origin: 'null' }))).toBe(true);
    expect(isFromAnotherOrigin(request({ origin: 'not a url' }))).toBe(true);
  });

  it('lets a request without either header through: it is not a browser’s', () => {
    expect(isFromAnotherOrigin(request({}))).toBe(false);
  });
});
