import type { Request, Response } from 'express';

/** A request carrying the given cookie header, over plain http. */
export function fakeRequest(cookie?: string): Request {
  return { headers: cookie ? { cookie } : {}, secure: false } as unknown as Request;
}

/** A response that keeps the headers appended to it; `setCookies` lists the Set-Cookie values. */
export function fakeResponse(): Response & { setCookies: string[] } {
  const setCookies: string[] = [];
  const response = {
    setCookies,
    append(name: string, value: string) {
      if (name.toLowerCase() === 'set-cookie') setCookies.push(value);
      return response;
    },
  };
  return response as unknown as Response & { setCookies: string[] };
}
