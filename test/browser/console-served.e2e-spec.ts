import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  launchChromium,
  screenshot,
  startConsoleSession,
  watchErrors,
} from '../helpers/browser.js';
import { buildPackedHost, PACKED_HOST_DIR, PACKED_HOST_MAIN } from '../helpers/packed-host.js';
import { call, ServiceProcess } from '../helpers/service-process.js';
import { ADMIN_TOKEN as STANDALONE_ADMIN_TOKEN, createTestDatabase } from '../helpers/test-app.js';

/**
 * The console where issue 36 says it lives besides `/`: under the route prefix of a NestJS host that installed the
 * packed package (test/packed-host), and under BASE_URI_PATH standalone. Each is signed in to, and a flag switched
 * by clicking, read back through the API.
 */

/** Signs in on the console's login page at `base` (ending in a slash) and waits for the flags page. */
async function signIn(browser: Browser, base: string, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await watchErrors(page);
  // Relative to the console's root: the prefix stays in every URL the console makes.
  await page.goto('login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
  return page;
}

/** Turns the flag on in development from the flags page, as a keyboard user does. */
async function switchOn(page: Page, flag: string): Promise<void> {
  const toggle = page.getByRole('switch', { name: `${flag} in development` });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle.isChecked()).resolves.toBe(true);
}

describe('the console in the NestJS host that installed the packed package', () => {
  const ADMIN_TOKEN = '*:*.packed-host-admin-secret-0123456789';
  const ADMIN_PASSWORD = 'host admin password 1';
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let host: ServiceProcess;
  let browser: Browser;
  let page: Page | undefined;

  beforeAll(async () => {
    await buildPackedHost();
    database = await createTestDatabase({ empty: true });
    host = await ServiceProcess.start(
      database,
      {
        SESSION_SECRET: 'a-host-session-secret-of-some-length',
        FLAGS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        FLAGS_ADMIN_TOKEN: ADMIN_TOKEN,
        FLAGS_CLIENT_TOKEN: 'default:development.packed-host-client-secret-0123456789',
      },
      { program: PACKED_HOST_MAIN, health: '/flags/health' },
    );
    browser = await launchChromium();
  }, BROWSER_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await host?.stop('SIGTERM');
    await database?.drop();
  });
  afterEach(() => expect(page ? errorsOf(page) : []).toEqual([]));

  it('is shipped in the package, and served under the host’s route prefix', async () => {
    // The package's own copy: the module must not need the repository's build beside it.
    expect(existsSync(join(PACKED_HOST_DIR, 'node_modules/flagwright/dist/console/index.html'))).toBe(true);
    const created = await call(host.base, 'POST', '/flags/api/admin/projects/default/features', {
      headers: { authorization: ADMIN_TOKEN },
      body: { name: 'embedded-flag' },
    });
    expect(created.status).toBe(201);

    page = await signIn(browser, `${host.base}/flags/`, 'host-admin', ADMIN_PASSWORD);
    expect(page.url()).toMatch(new RegExp(`^${host.base}/flags/?$`));
    await switchOn(page, 'embedded-flag');
    await screenshot(page, 'flags-page-packed-host');
    await expect
      .poll(async () => {
        const answer = await call(host.base, 'GET', '/flags/api/admin/projects/default/features/embedded-flag', {
          headers: { authorization: ADMIN_TOKEN },
        });
        return (answer.body as { environments: { name: string; enabled: boolean }[] }).environments.find(
          (env) => env.name === 'development',
        )?.enabled;
      })
      .toBe(true);
    // A deep link, reloaded, is the console's page again under the prefix.
    await page.getByRole('link', { name: 'embedded-flag' }).click();
    await page.waitForURL(`${host.base}/flags/flags/default/embedded-flag`);
    await page.reload();
    await page.getByRole('heading', { name: 'embedded-flag', level: 1 }).waitFor();
    await page.context().close();
  });
});

describe('the console under BASE_URI_PATH, standalone', () => {
  let session: ConsoleSession;
  let page: Page | undefined;

  beforeAll(async () => {
    session = await startConsoleSession({ baseUriPath: '/unleash' });
  }, BROWSER_TEST_TIMEOUT_MS);
  afterAll(() => session?.close());
  afterEach(() => expect(page ? errorsOf(page) : []).toEqual([]));

  it('signs in, lists and switches flags, and signs out, with every URL under the path', async () => {
    await session.t
      .http()
      .post('/unleash/api/admin/projects/default/features')
      .set('Authorization', STANDALONE_ADMIN_TOKEN)
      .send({ name: 'under-path' })
      .expect(201);
    page = await signIn(session.browser, `${session.origin}/unleash/`, 'admin', 'unleash4all');
    expect(page.url()).toMatch(new RegExp(`^${session.origin}/unleash/?$`));
    await switchOn(page, 'under-path');
    await expect
      .poll(async () => {
        const feature = (await session.api('/unleash/api/admin/projects/default/features/under-path')) as {
          environments: { name: string; enabled: boolean }[];
        };
        return feature.environments.find((env) => env.name === 'development')?.enabled;
      })
      .toBe(true);
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.waitForURL(`${session.origin}/unleash/projects`);
    // Signing out ends the session on the server, and leads back to the login page under the path.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${session.origin}/unleash/login`);
    expect(await page.evaluate(`fetch('api/admin/user').then((res) => res.status)`)).toBe(401);
    await page.context().close();
  });
});
