import type { Page } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
} from '../helpers/browser.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

interface Role {
  id: number;
  name: string;
  type: string;
}

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  // Room for the lock test's ten failed logins beside the browser's own sign-in under the address throttle.
  session = await startConsoleSession({ loginRateLimitPerMinute: 100 });
  page = await session.signedIn();
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

const roleId = async (name: string): Promise<number> =>
  ((await session.api('/api/admin/roles')) as { roles: Role[] }).roles.find((role) => role.name === name)!.id;

/** Opens an admin page from the navigation, as a person does, and checks it with axe. */
async function open(label: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** Picks `option` in the pick list labelled `label` of the open dialog. */
async function pick(label: string, option: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the admin pages', () => {
  it('creates a service account (the spec’s operation) and a token for it, its secret shown once', async () => {
    await open('Service accounts');
    await page.getByRole('button', { name: 'New service account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Deploy bot');
    await dialog.getByLabel('Username').fill('deploy-bot');
    await pick('Root role', 'Editor');
    await dialog.getByRole('button', { name: 'Create service account' }).click();
    await page.getByRole('cell', { name: 'deploy-bot', exact: true }).waitFor();

    const { serviceAccounts } = (await session.api('/api/admin/service-account')) as {
      serviceAccounts: { id: number; name: string; username: string; rootRole: number }[];
    };
    expect(serviceAccounts.map(({ name, username, rootRole }) => ({ name, username, rootRole }))).toEqual([
      { name: 'Deploy bot', username: 'deploy-bot', rootRole: await roleId('Editor') },
    ]);

    await page.getByRole('button', { name: 'New token for deploy-bot' }).click();
    await page.getByRole('dialog').getByLabel('Description').fill('CI pipeline');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const secret = await page.getByLabel('New token', { exact: true }).textContent();
    expect(secret).toMatch(/^user:[0-9a-f]{20,}$/);
    await screenshot(page, 'admin-service-account-token');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('list', { name: 'Tokens of deploy-bot' }).getByText('CI pipeline').waitFor();
    // The secret works as a credential, and the console keeps it nowhere.
    await session.t.http().get('/api/admin/projects').set('Authorization', secret!).expect(200);
    expect(await page.evaluate('JSON.stringify(localStorage)')).not.toContain(secret!);
    await expect(page.getByLabel('New token', { exact: true }).count()).resolves.toBe(0);
  });

  it('creates a group with a member and a root role, and lists it (the spec’s group listing)', async () => {
    await open('Users');
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('grace');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await dialog.getByLabel('First password').fill('Compiler-1952-Cobol');
    await pick('Root role', 'Viewer');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
    await screenshot(page, 'admin-users');

    await open('Groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name', { exact: true }).fill('Release managers');
    await form.getByLabel('Description').fill('They ship');
    await pick('Root role', 'Editor');
    await form.getByRole('option', { name: 'grace' }).click();
    await form.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('cell', { name: /^Release managers/ }).waitFor();
    await screenshot(page, 'admin-groups');

    const { groups } = (await session.api('/api/admin/groups')) as {
      groups: { name: string; description: string; rootRole: number; users: { user: { username: string } }[] }[];
    };
    expect(
      groups.map(({ name, description, rootRole, users }) => ({ name, description, rootRole, users: users.map((m) => m.user.username) })),
    ).toEqual([{ name: 'Release managers', description: 'They ship', rootRole: await roleId('Editor'), users: ['grace'] }]);
  });

  it('unlocks a user whose login locked after failed attempts', async () => {
    const attemptsOf = async (username: string) =>
      ((await session.api('/api/admin/user-admin')) as { users: { username: string; loginAttempts: number }[] }).users.find(
        (user) => user.username === username,
      )!.loginAttempts;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await session.t.http().post('/auth/simple/login').send({ username: 'grace', password: 'wrong' }).expect(401);
    }
    expect(await attemptsOf('grace')).toBe(10);
    await open('Users');
    await page.getByText('10 failed logins').waitFor();
    await page.getByRole('button', { name: 'Unlock grace' }).click();
    await page.getByRole('status').filter({ hasText: 'grace can sign in again.' }).waitFor();
    expect(await attemptsOf('grace')).toBe(0);
    await session.t.http().post('/auth/simple/login').send({ username: 'grace', password: 'Compiler-1952-Cobol' }).expect(200);
  });

  it('creates a project role from a pick of permissions', async () => {
    await open('Roles');
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Toggler');
    await dialog.getByRole('checkbox', { name: 'CREATE_FEATURE' }).first().check({ force: true });
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('cell', { name: 'Toggler', exact: true }).waitFor();
    const role = (await session.api(`/api/admin/roles/${await roleId('Toggler')}`)) as { type: string; permissions: { name: string }[] };
    expect({ type: role.type, permissions: role.permissions.map((permission) => permission.name) }).toEqual({
      type: 'custom',
      permissions: ['CREATE_FEATURE'],
    });
  });

  it('creates a backend API token, shown once, that reads flags', async () => {
    await open('API tokens');
    await page.getByRole('button', { name: 'New API token' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('checkout-service');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const secret = await page.getByLabel('New token', { exact: true }).textContent();
    expect(secret).toMatch(/^\*:development\.[0-9a-f]+$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: /^checkout-service/ }).waitFor();
    await screenshot(page, 'admin-api-tokens');
    await session.t.http().get('/api/client/features').set('Authorization', secret!).expect(200);
  });
});

describe('the configuration pages', () => {
  it('creates a tag type, then a strategy type with a required list parameter', async () => {
    await open('Tag types');
    await page.getByRole('button', { name: 'New tag type' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('team');
    await page.getByRole('dialog').getByLabel('Description').fill('The team that owns the flag');
    await page.getByRole('dialog').getByRole('button', { name: 'Create tag type' }).click();
    await page.getByRole('cell', { name: 'team', exact: true }).waitFor();
    expect(await session.api('/api/admin/tag-types/team')).toMatchObject({
      tagType: { name: 'team', description: 'The team that owns the flag' },
    });

    await open('Strategy types');
    await page.getByRole('button', { name: 'New strategy type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('by-region');
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByLabel('Parameter 1 name').fill('regions');
    await pick('Parameter 1 type', 'List');
    await dialog.getByRole('checkbox', { name: 'Required' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Create strategy type' }).click();
    await page.getByRole('cell', { name: 'by-region', exact: true }).waitFor();
    await screenshot(page, 'strategy-types');
    expect(await session.api('/api/admin/strategies/by-region')).toMatchObject({
      name: 'by-region',
      editable: true,
      parameters: [{ name: 'regions', type: 'list', required: true }],
    });
  });

  it('edits a tag type’s description, then deletes it by its typed name', async () => {
    await open('Tag types');
    await page.getByRole('button', { name: 'Edit team' }).click();
    await page.getByRole('dialog').getByLabel('Description').fill('Who answers for the flag');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /^team Who answers for the flag/ }).waitFor();
    expect(await session.api('/api/admin/tag-types/team')).toMatchObject({
      tagType: { name: 'team', description: 'Who answers for the flag' },
    });

    await page.getByRole('button', { name: 'Delete team' }).click();
    await page.getByRole('alertdialog').getByLabel('Type team to confirm').fill('team');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: /^team/ }).waitFor({ state: 'detached' });
    await session.t.http().get('/api/admin/tag-types/team').set('Authorization', ADMIN_TOKEN).expect(404);
  });

  it('edits a strategy type’s title and parameters, deprecates and reactivates it, then deletes it', async () => {
    await open('Strategy types');
    await page.getByRole('button', { name: 'Edit by-region' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('By region');
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByLabel('Parameter 2 name').fill('share');
    await pick('Parameter 2 type', 'Percentage');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /^By region .*regions \(list\), share \(percentage\)/ }).waitFor();
    expect(await session.api('/api/admin/strategies/by-region')).toMatchObject({
      name: 'by-region',
      displayName: 'By region',
      parameters: [
        { name: 'regions', type: 'list', required: true },
        { name: 'share', type: 'percentage', required: false },
      ],
    });

    await page.getByRole('button', { name: 'Deprecate by-region' }).click();
    await page.getByRole('button', { name: 'Reactivate by-region' }).waitFor();
    expect(await session.api('/api/admin/strategies/by-region')).toMatchObject({ deprecated: true });
    await page.getByRole('button', { name: 'Reactivate by-region' }).click();
    await page.getByRole('button', { name: 'Deprecate by-region' }).waitFor();
    expect(await session.api('/api/admin/strategies/by-region')).toMatchObject({ deprecated: false });

    await page.getByRole('button', { name: 'Delete by-region' }).click();
    await page.getByRole('alertdialog').getByLabel('Type by-region to confirm').fill('by-region');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: /^By region/ }).waitFor({ state: 'detached' });
    await session.t.http().get('/api/admin/strategies/by-region').set('Authorization', ADMIN_TOKEN).expect(404);
  });

  it('creates an environment, edits its type and order, turns it off, deletes it, then revives an archived flag', async () => {
    await open('Environments');
    await page.getByRole('button', { name: 'New environment' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('staging');
    await pick('Type', 'preproduction');
    await page.getByRole('dialog').getByRole('button', { name: 'Create environment' }).click();
    await page.getByRole('cell', { name: 'staging', exact: true }).waitFor();
    expect(await session.api('/api/admin/environments/staging')).toMatchObject({ name: 'staging', type: 'preproduction', enabled: true });

    await page.getByRole('button', { name: 'Edit staging' }).click();
    await pick('Type', 'test');
    await page.getByRole('dialog').getByLabel('Sort order').fill('7');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /^staging test On/ }).waitFor();
    expect(await session.api('/api/admin/environments/staging')).toMatchObject({ name: 'staging', type: 'test', sortOrder: 7 });
    await page.getByRole('button', { name: 'Turn off staging' }).click();
    await page.getByRole('status').filter({ hasText: 'staging is turned off.' }).waitFor();
    await page.getByRole('row', { name: /^staging test Off/ }).waitFor();
    expect(await session.api('/api/admin/environments/staging')).toMatchObject({ enabled: false });
    await page.getByRole('button', { name: 'Delete staging' }).click();
    await page.getByRole('alertdialog').getByLabel('Type staging to confirm').fill('staging');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: /^staging/ }).waitFor({ state: 'detached' });
    await session.t.http().get('/api/admin/environments/staging').set('Authorization', ADMIN_TOKEN).expect(404);

    await session.t
      .http()
      .post('/api/admin/projects/default/features')
      .set('Authorization', ADMIN_TOKEN)
      .send({ name: 'old-banner' })
      .expect(201);
    await session.t.http().delete('/api/admin/projects/default/features/old-banner').set('Authorization', ADMIN_TOKEN).expect(202);
    await open('Archive');
    await page.getByRole('button', { name: 'Revive old-banner' }).click();
    await page.getByRole('status').filter({ hasText: 'old-banner is back in default.' }).waitFor();
    expect(await session.api('/api/admin/projects/default/features/old-banner')).toMatchObject({ name: 'old-banner', archived: false });
  });
});
