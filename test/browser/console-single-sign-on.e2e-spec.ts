import type { Page } from 'playwright-core';
import {
  ADMIN,
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
  watchErrors,
} from '../helpers/browser.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

let session: ConsoleSession;
let provider: TestProvider;

beforeAll(async () => {
  session = await startConsoleSession();
  // The real OpenID provider the e2e tests use, on its own port; the service builds its callback from the request.
  provider = await startTestProvider(`${session.origin}/auth/oidc/callback`, `${session.origin}/`);
  provider.accounts.set('sso-ada', { email: 'ada.sso@example.com', name: 'Ada Single' });
  await session.t
    .http()
    .post('/api/admin/auth/oidc/settings')
    .set('Authorization', ADMIN_TOKEN)
    .send({
      enabled: true,
      discoverUrl: provider.issuer,
      clientId: provider.clientId,
      secret: provider.clientSecret,
      autoCreate: true,
      defaultRootRole: 'Editor',
    })
    .expect(200);
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(async () => {
  await session?.close();
  await provider?.stop();
});

/** A browser of nobody signed in. */
async function visitor(): Promise<Page> {
  const context = await session.browser.newContext({ baseURL: session.origin, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await watchErrors(page);
  return page;
}

const passwordLogin = (disabled: boolean) =>
  session.t.http().post('/api/admin/auth/simple/settings').set('Authorization', ADMIN_TOKEN).send({ disabled }).expect(200);

describe('the login page with single sign-on on', () => {
  it('signs a person in through the provider: the button, the provider, back signed in where they were going', async () => {
    provider.signInAs('sso-ada');
    const page = await visitor();
    await page.goto('/login?next=/projects');
    const button = page.getByRole('link', { name: 'Sign in with OIDC' });
    await button.waitFor();
    // Password login is on: the form stays beside the button.
    await page.getByLabel('Username or email').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'login-single-sign-on');
    await button.click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects');

    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'unleash-session')!;
    const me = await session.t.http().get('/api/admin/user').set('Cookie', `${cookie.name}=${cookie.value}`).expect(200);
    expect(me.body.user).toMatchObject({ email: 'ada.sso@example.com', name: 'Ada Single', rootRole: 2 });
    const { users } = (await session.api('/api/admin/user-admin')) as { users: { email: string }[] };
    expect(users.filter((user) => user.email === 'ada.sso@example.com')).toHaveLength(1);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('hides the password form while password login is off, and lets the break-glass admin open it', async () => {
    await passwordLogin(true);
    try {
      const page = await visitor();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with OIDC' }).waitFor();
      expect(await page.getByLabel('Username or email').count()).toBe(0);
      await page
        .getByText('Password login is turned off: sign in with single sign-on. Only the break-glass admin signs in with a password.')
        .waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sign in with a password (break-glass admin)' }).click();
      await page.getByLabel('Username or email').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    } finally {
      await passwordLogin(false);
    }
  });
});
