import type { Request, Response } from 'express';
import { sdkPollRevalidation } from '../../src/modules/client-api/index.js';
import { createFlag, toggle } from '../helpers/sdk-fixtures.js';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

const PATH = '/api/client/features';
const SPEC = { 'unleash-client-spec': '5.2.0' };

type Outcome = { answered: { status: number; headers: Record<string, unknown> } } | { passedOn: true };

describe("Standalone: SDKs' conditional polls answered ahead of the routes", () => {
  let t: TestApp;
  let etag: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, 'polled');
    etag = (await t.http().get(PATH).set('Authorization', CLIENT_TOKEN).set(SPEC).expect(200)).headers.etag;
  });

  afterAll(() => t.close());

  /** Runs the shortcut alone on a request: whether it answered (and how) or passed the request on to the route. */
  function poll(request: { url?: string; method?: string; headers?: Record<string, string> }): Promise<Outcome> {
    const middleware = sdkPollRevalidation(t.app, PATH);
    const headers: Record<string, unknown> = {};
    return new Promise((resolve, reject) => {
      const res = {
        statusCode: 200,
        setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = value),
        end: () => resolve({ answered: { status: res.statusCode, headers } }),
      };
      const req = {
        url: request.url ?? PATH,
        method: request.method ?? 'GET',
        headers: { authorization: CLIENT_TOKEN, 'if-none-match': etag, ...SPEC, ...request.headers },
      };
      middleware(req as unknown as Request, res as unknown as Response, (error?: unknown) =>
        error ? reject(error) : resolve({ passedOn: true }),
      );
    });
  }

  it('answers the poll of an unchanged configuration with the same 304 the route gives', async () => {
    expect(await poll({})).toEqual({ answered: { status: 304, headers: { etag, vary: 'Accept-Encoding' } } });
    expect(await poll({ headers: { authorization: `Bearer ${CLIENT_TOKEN}` } })).toEqual({
      answered: { status: 304, headers: { etag, vary: 'Accept-Encoding' } },
    });
    const viaRoute = await t.http().get(PATH).set('Authorization', CLIENT_TOKEN).set(SPEC).set('If-None-Match', etag).expect(304);
    expect(viaRoute.headers.etag).toBe(etag);
    expect(viaRoute.headers.vary).toBe('Accept-Encoding');
  });

  it('passes on every other request, for the route to answer', async () => {
    const passedOn = { passedOn: true };
    expect(await poll({ headers: { 'if-none-match': '"other"' } })).toEqual(passedOn);
    expect(await poll({ url: `${PATH}?namePrefix=p` })).toEqual(passedOn);
    expect(await poll({ url: `${PATH}/` })).toEqual(passedOn);
    expect(await poll({ method: 'HEAD' })).toEqual(passedOn);
    expect(await poll({ headers: { 'content-length': '2' } })).toEqual(passedOn);
    expect(await poll({ headers: { authorization: '' } })).toEqual(passedOn);
    expect(await poll({ headers: { authorization: 'default:development.unknown-secret' } })).toEqual(passedOn);
    expect(await poll({ headers: { authorization: FRONTEND_TOKEN } })).toEqual(passedOn);
    expect(await poll({ headers: { authorization: ADMIN_TOKEN } })).toEqual(passedOn);
    expect(await poll({ headers: { authorization: 'user:some-personal-access-token' } })).toEqual(passedOn);
    expect(await poll({ headers: { 'unleash-client-spec': 'not-a-version' } })).toEqual(passedOn);
    expect(await poll({ headers: { 'unleash-client-spec': '4.1.0' } })).toEqual(passedOn);
  });

  it('leaves the refusals to the route, with their error bodies', async () => {
    const conditional = (authorization: string, headers: Record<string, string> = SPEC) =>
      t.http().get(PATH).set('Authorization', authorization).set(headers).set('If-None-Match', etag);
    expect((await conditional('default:development.unknown-secret').expect(401)).body.name).toBe('AuthenticationRequired');
    expect((await conditional(FRONTEND_TOKEN).expect(403)).body.name).toBe('NoAccessError');
    expect((await conditional(CLIENT_TOKEN, { 'Unleash-Client-Spec': 'not-a-version' }).expect(400)).body.name).toBe('ValidationError');
  });

  it('passes on once the configuration changed, and the route answers the new configuration', async () => {
    await toggle(t, 'polled', false);
    expect(await poll({})).toEqual({ passedOn: true });
    const changed = await t.http().get(PATH).set('Authorization', CLIENT_TOKEN).set(SPEC).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(await poll({ headers: { 'if-none-match': changed.headers.etag } })).toEqual({
      answered: { status: 304, headers: { etag: changed.headers.etag, vary: 'Accept-Encoding' } },
    });
  });
});
