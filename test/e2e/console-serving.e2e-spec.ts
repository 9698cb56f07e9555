import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../src/modules/console/index.js';
import { buildConsole, CONSOLE_BUILD_TIMEOUT_MS } from '../helpers/console-build.js';
import { startEmbeddingHost } from '../helpers/embedding-host.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const NOT_FOUND = (path: string) => ({
  id: expect.any(String),
  name: 'NotFoundError',
  message: `The path you were looking for (${path}) is not available.`,
});

beforeAll(buildConsole, CONSOLE_BUILD_TIMEOUT_MS);

/** The script the console's page loads, relative to its <base href>. */
function scriptOf(page: string): string {
  return /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(page)![1];
}

describe('the console, served by the standalone service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers its page at / and at any deep link, based at /, with a policy that allows no inline script', async () => {
    for (const path of ['/', '/flags/default/checkout', '/projects?x=1']) {
      const res = await t.http().get(path).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<base href="/" />');
      expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)/);
    }
    expect(CONSOLE_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it('serves its scripts compressed and cacheable for good, and nothing outside its build', async () => {
    const page = (await t.http().get('/').set('Accept', 'text/html')).text;
    const script = await t
      .http()
      .get(`/${scriptOf(page)}`)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await t
      .http()
      .get('/assets/missing.js')
      .expect(404)
      .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/assets/missing.js')));
    await t.http().get('/%2e%2e/package.json').expect(404);
    const traversal = await t.http().get('/%2e%2e/package.json').set('Accept', 'text/html').expect(200);
    expect(traversal.text).toContain('<base href="/" />');
    await t.http().get('/%E0%A4%A').set('Accept', 'text/html').expect(404);
  });

  it('leaves the API’s paths to the API: unknown ones get its 404 body, known ones their answers', async () => {
    await t
      .http()
      .get('/api/admin/nothing-here')
      .set('Accept', 'text/html')
      .expect(404)
      .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/api/admin/nothing-here')));
    await t
      .http()
      .get('/auth/simple/nothing')
      .set('Accept', 'text/html')
      .expect(404)
      .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/auth/simple/nothing')));
    await t.http().get('/health').set('Accept', 'text/html').expect(200);
    await t.http().get('/api/admin/projects').set('Authorization', ADMIN_TOKEN).set('Accept', 'text/html').expect(200);
    // A client that does not ask for a page gets the API's 404.
    await t
      .http()
      .get('/projects')
      .set('Accept', 'application/json')
      .expect(404)
      .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/projects')));
  });
});

describe('the console under BASE_URI_PATH', () => {
  it('is served under the base path, based there', async () => {
    const t = await createTestApp({ baseUriPath: '/unleash' });
    try {
      const res = await t.http().get('/unleash/flags/default/checkout').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<base href="/unleash/" />');
      await t
        .http()
        .get(`/unleash/${scriptOf(res.text)}`)
        .expect(200);
      await t.http().get('/flags').set('Accept', 'text/html').expect(404);
    } finally {
      await t.close();
    }
  });
});

describe('the console in a host application', () => {
  it('is served under the route prefix, and not at all with `console: false`', async () => {
    const host = await startEmbeddingHost();
    try {
      const res = await host.http().get('/flags/projects').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<base href="/flags/" />');
      await host.http().get('/flags/').set('Accept', 'text/html').expect(200);
      await host
        .http()
        .get('/flags/api/admin/nothing')
        .set('Accept', 'text/html')
        .expect(404)
        .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/flags/api/admin/nothing')));
    } finally {
      await host.close();
    }
    const withoutConsole = await startEmbeddingHost({ flagwright: { console: false } });
    try {
      await withoutConsole
        .http()
        .get('/flags/projects')
        .set('Accept', 'text/html')
        .expect(404)
        .then((answer) => expect(answer.body).toEqual(NOT_FOUND('/flags/projects')));
    } finally {
      await withoutConsole.close();
    }
  });
});
