import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  seriousAccessibilityViolations,
  startConsoleSession,
  watchErrors,
} from '../helpers/browser.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  // Room for this file's sign-ins (the browser's and the API's) under the address throttle.
  session = await startConsoleSession({ loginRateLimitPerMinute: 100 });
  // Nobody signed in: the pages a person sees before signing in.
  const context = await session.browser.newContext({ baseURL: session.origin, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  await watchErrors(page);
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

/** A switch flipped as a keyboard user does (its input is visually hidden under its track). */
async function flip(toggle: Locator): Promise<void> {
  await toggle.focus();
  await toggle.page().keyboard.press('Space');
}

describe('the login page', () => {
  it('shows why a single sign-on failed, from errorMsg', async () => {
    await page.goto('/login?errorMsg=Single+sign-on+failed%3A+the+provider+said+no.');
    await page.getByRole('heading', { name: 'Sign in to Flagwright', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Single sign-on failed: the provider said no.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('a forgotten password', () => {
  it('asks for a reset link from the login page, and says the same whatever the address', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgotten password', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    expect(await page.getByRole('status').textContent()).toBe(
      'If an account has the address nobody@example.com, a link to choose a new password is on its way to it. The link works once, for 24 hours.',
    );
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Flagwright', level: 1 }).waitFor();
  });
});

describe('a reset link', () => {
  it('refuses an unknown link, shows the policy by the field, sets the password and sends to the login', async () => {
    const http = session.t.http();
    const created = await http
      .post('/api/admin/user-admin')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: 'resetme', email: 'resetme@example.com', password: 'Old-password-1', rootRole: 3 })
      .expect(201);
    const link = await http
      .post('/api/admin/user-admin/reset-password')
      .set('Authorization', ADMIN_TOKEN)
      .send({ id: String(created.body.id) })
      .expect(200);

    await page.goto('/reset-password?token=not-a-link');
    expect(await page.getByRole('alert').textContent()).toBe('This link is not known: ask for a new one.');

    await page.goto(link.body.resetPasswordUrl as string);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('weakling');
    await page.getByLabel('New password again').fill('weakling');
    await page.getByRole('button', { name: 'Set password' }).click();
    const weak = await http.post('/auth/reset/validate-password').send({ password: 'weakling' }).expect(400);
    await page.getByText(weak.body.details[0].message as string, { exact: true }).waitFor();

    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass1');
    await page.getByLabel('New password again').fill('Brand-new-pass1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Sign in to Flagwright', level: 1 }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Your password is set: sign in with it.');
    await http.post('/auth/simple/login').send({ username: 'resetme', password: 'Brand-new-pass1' }).expect(200);
  });
});

describe('the sessions list', () => {
  it('marks this session and ends another one, whose cookie then gets 401', async () => {
    const admin = await session.signedIn();
    const http = session.t.http();
    const other = await http
      .post('/auth/simple/login')
      .set('User-Agent', 'Second laptop')
      .send({ username: ADMIN.username, password: ADMIN.password })
      .expect(200);
    const cookie = (other.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    await http.get('/api/admin/user/sessions').set('Cookie', cookie).expect(200);

    await admin.goto('/profile');
    const sessions = admin.getByRole('table', { name: 'Sessions' });
    const otherRow = sessions.getByRole('row').filter({ hasText: 'Second laptop' });
    await otherRow.waitFor();
    expect(await sessions.getByRole('row').filter({ hasText: 'This session' }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await otherRow.getByRole('button', { name: /^End the session/ }).click();
    await otherRow.waitFor({ state: 'detached' });

    await http.get('/api/admin/user/sessions').set('Cookie', cookie).expect(401);
    expect(errorsOf(admin)).toEqual([]);
    await admin.context().close();
  });
});

describe('an invite link', () => {
  it('signs a new person up with the invite’s role and signs them in', async () => {
    const invite = await session.t
      .http()
      .post('/api/admin/invite-link/tokens')
      .set('Authorization', ADMIN_TOKEN)
      .send({ name: 'Autumn hires', expiresAt: new Date(session.t.clock.now().getTime() + 86_400_000).toISOString(), rootRole: 'Editor' })
      .expect(201);
    const context = await session.browser.newContext({ baseURL: session.origin, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const newcomer = await context.newPage();
    await watchErrors(newcomer);

    await newcomer.goto('/new-user?invite=not-an-invite');
    expect(await newcomer.getByRole('alert').textContent()).toMatch(/ask for a new/i);

    await newcomer.goto(invite.body.url as string);
    await newcomer.waitForURL(/\/new-user\?invite=/);
    await newcomer.getByRole('heading', { name: 'Join Flagwright', level: 1 }).waitFor();
    await newcomer.getByLabel('Email').waitFor();
    expect(await seriousAccessibilityViolations(newcomer)).toEqual([]);
    await newcomer.getByLabel('Name', { exact: true }).fill('Autumn Hire');
    await newcomer.getByLabel('Email').fill('autumn.hire@example.com');
    await newcomer.getByLabel('Password').fill('Joined-today-1');
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await newcomer.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();

    const { users } = (await session.api('/api/admin/user-admin')) as { users: { email: string; name: string; rootRole: number }[] };
    expect(users.find((user) => user.email === 'autumn.hire@example.com')).toMatchObject({ name: 'Autumn Hire', rootRole: 2 });
    expect(errorsOf(newcomer)).toEqual([]);
    await context.close();
  });
});

describe('the single sign-on settings', () => {
  it('saves the OpenID Connect settings with a write-only secret, and turns password login off and on', async () => {
    const admin = await session.signedIn();
    await admin.getByRole('navigation').getByRole('link', { name: 'Single sign-on', exact: true }).click();
    await admin.getByRole('heading', { name: 'Single sign-on', level: 1 }).waitFor();
    await admin.getByLabel('Discover URL').waitFor();
    expect(await admin.getByText('Client secret: not set.').count()).toBe(1);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    await flip(admin.getByRole('switch', { name: 'Sign-in with OpenID Connect' }));
    await admin.getByLabel('Discover URL').fill('https://idp.example.com/realms/acme');
    await admin.getByLabel('Client id').fill('flagwright');
    await admin.getByLabel('Client secret', { exact: true }).fill('the-client-secret');
    await flip(admin.getByRole('switch', { name: 'Create people at their first sign-in' }));
    await admin.getByLabel('Root role of people created').selectOption('Editor');
    await flip(admin.getByRole('switch', { name: 'Sync groups at each sign-in' }));
    await admin.getByLabel('Groups claim (dotted path)').fill('groups');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await admin.getByText('Client secret: set.').count()).toBe(1);
    expect(await admin.getByLabel('Replace the client secret').inputValue()).toBe('');
    expect(await admin.content()).not.toContain('the-client-secret');

    expect(await session.api('/api/admin/auth/oidc/settings')).toMatchObject({
      enabled: true,
      discoverUrl: 'https://idp.example.com/realms/acme',
      clientId: 'flagwright',
      secret: '********',
      autoCreate: true,
      defaultRootRole: 'Editor',
      enableGroupSyncing: true,
      groupJsonPath: 'groups',
      fromEnvironment: false,
    });

    const passwordLogin = admin.getByRole('switch', { name: 'Password login' });
    await flip(passwordLogin);
    await expect.poll(() => session.api('/api/admin/auth/simple/settings')).toEqual({ disabled: true });
    await expect.poll(() => passwordLogin.isChecked()).toBe(false);
    await flip(passwordLogin);
    await expect.poll(() => session.api('/api/admin/auth/simple/settings')).toEqual({ disabled: false });
    expect(errorsOf(admin)).toEqual([]);
    await admin.context().close();
  });
});

/** Picks `option` in the pick list labelled `label` of the open dialog. */
async function pick(on: Page, label: string, option: string): Promise<void> {
  await on
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(label) })
    .click();
  await on.getByRole('option', { name: option, exact: true }).click();
}

/** A signed-in admin whose page may write to the clipboard and read it back. */
async function adminWithClipboard(): Promise<Page> {
  const admin = await session.signedIn();
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.origin });
  return admin;
}

describe('invite links', () => {
  it('makes one shown once with a copy button, lists it with its role, and turns it off', async () => {
    const admin = await adminWithClipboard();
    await admin.getByRole('navigation').getByRole('link', { name: 'Invite links', exact: true }).click();
    await admin.getByRole('heading', { name: 'Invite links', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'New invite link' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Winter hires');
    await pick(admin, 'Root role of people who sign up', 'Editor');
    await pick(admin, 'Open for', '30 days');
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const link = (await dialog.getByLabel('New invite link', { exact: true }).textContent())!;
    expect(link).toMatch(new RegExp(`^${session.origin}/invite/[0-9a-f]{64}$`));
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy the new invite link' }).click();
    await dialog.getByRole('button', { name: 'Copy the new invite link' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await admin.evaluate('navigator.clipboard.readText()')).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = admin.getByRole('row').filter({ hasText: 'Winter hires' });
    await row.getByRole('cell', { name: 'Open', exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    const secret = link.split('/').pop()!;
    await session.t.http().get(`/invite/${secret}/validate`).expect(200);
    const listed = async () =>
      (
        (await session.api('/api/admin/invite-link/tokens')) as {
          tokens: { name: string; enabled: boolean; expiresAt: string; role: object }[];
        }
      ).tokens.find((token) => token.name === 'Winter hires')!;
    const made = await listed();
    expect(made).toMatchObject({ enabled: true, role: { id: 2, name: 'Editor' } });
    expect(Math.round((Date.parse(made.expiresAt) - Date.now()) / 86_400_000)).toBe(30);

    await row.getByRole('button', { name: 'Disable Winter hires' }).click();
    await admin.getByRole('status').filter({ hasText: 'Winter hires no longer lets anyone sign up.' }).waitFor();
    await row.getByRole('cell', { name: 'Disabled', exact: true }).waitFor();
    expect(await listed()).toMatchObject({ enabled: false });
    await session.t.http().get(`/invite/${secret}/validate`).expect(400);
    expect(errorsOf(admin)).toEqual([]);
    await admin.context().close();
  });
});

describe("the users page's password link and sessions", () => {
  it('shows a password link once with a copy button (no SMTP), and the link sets the password', async () => {
    await session.t
      .http()
      .post('/api/admin/user-admin')
      .set('Authorization', ADMIN_TOKEN)
      .send({ username: 'linkme', email: 'linkme@example.com', password: 'Old-password-1', rootRole: 3 })
      .expect(201);
    const admin = await adminWithClipboard();
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'Password link for linkme' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Password link for linkme' });
    const link = (await dialog.getByLabel('New password link', { exact: true }).textContent())!;
    expect(link).toMatch(new RegExp(`^${session.origin}/reset-password\\?token=[0-9a-f]{64}$`));
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy the new password link' }).click();
    await dialog.getByRole('button', { name: 'Copy the new password link' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await admin.evaluate('navigator.clipboard.readText()')).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const token = new URL(link).searchParams.get('token')!;
    const http = session.t.http();
    expect((await http.get('/auth/reset/validate').query({ token }).expect(200)).body).toMatchObject({ username: 'linkme', kind: 'reset' });
    await http.post('/auth/reset/password').send({ token, password: 'From-the-link-1' }).expect(200);
    await http.post('/auth/simple/login').send({ username: 'linkme', password: 'From-the-link-1' }).expect(200);
    expect(errorsOf(admin)).toEqual([]);
    await admin.context().close();
  });

  it("ends every session of a user, whose cookies then get 401 while the admin's own stays", async () => {
    const http = session.t.http();
    const sessionsOf = async () => {
      const signedIn = await http.post('/auth/simple/login').send({ username: 'linkme', password: 'From-the-link-1' }).expect(200);
      return (signedIn.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    };
    const cookies = [await sessionsOf(), await sessionsOf()];
    for (const cookie of cookies) await http.get('/api/admin/user').set('Cookie', cookie).expect(200);

    const admin = await session.signedIn();
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'End sessions of linkme' }).click();
    await admin.getByRole('status').filter({ hasText: 'Every session of linkme has ended.' }).waitFor();
    for (const cookie of cookies) await http.get('/api/admin/user').set('Cookie', cookie).expect(401);
    await admin.getByRole('button', { name: 'End sessions of linkme' }).waitFor();
    await admin.reload();
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    expect(errorsOf(admin)).toEqual([]);
    await admin.context().close();
  });
});
