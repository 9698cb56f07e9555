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

const PROJECT = 'web-shop';
const SETTINGS = `/api/admin/projects/${PROJECT}`;
const ROLE = { OWNER: 4, MEMBER: 5, READER: 6, VIEWER: 3 };
const VIEWER_LOGIN = { username: 'ada', password: 'Analytical-Engine-1843' };
/** A Viewer who owns the project: no admin, yet able to give access to it. */
const OWNER_LOGIN = { username: 'lin', password: 'Project-Owner-2024' };

let session: ConsoleSession;
let page: Page;

const admin = () => ({
  post: (path: string, body?: object) => session.t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
});

beforeAll(async () => {
  session = await startConsoleSession();
  page = await session.signedIn();
  await admin().post('/api/admin/projects', { id: PROJECT, name: 'Web shop', description: 'The online store' }).expect(201);
  await admin().post(`${SETTINGS}/features`, { name: 'new-cart', type: 'release' }).expect(201);
  await admin().post(`${SETTINGS}/features`, { name: 'cart-colour', type: 'experiment' }).expect(201);
  await admin()
    .post(`${SETTINGS}/stale`, { features: ['cart-colour'], stale: true })
    .expect(202);
  await admin().post(`${SETTINGS}/features/new-cart/environments/development/on`).expect(200);
  await admin()
    .post('/api/admin/user-admin', { username: 'grace', name: 'Grace Hopper', email: 'grace@example.com', rootRole: ROLE.VIEWER })
    .expect(201);
  await admin()
    .post('/api/admin/user-admin', { ...VIEWER_LOGIN, name: 'Ada Lovelace', rootRole: ROLE.VIEWER })
    .expect(201);
  await admin().post('/api/admin/groups', { name: 'Shoppers', users: [] }).expect(201);
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

const tab = (name: string) => page.getByRole('tablist', { name: 'Project settings' }).getByRole('tab', { name });

/** Picks `option` in the pick list labelled `label` of the open dialog. */
async function pick(label: string, option: string): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(label) })
    .click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

interface Access {
  users: { username: string; roles: number[] }[];
  groups: { name: string; roles: number[] }[];
}
const access = async () => {
  const { users, groups } = (await session.api(`${SETTINGS}/access`)) as Access;
  return {
    users: users.map(({ username, roles }) => [username, roles]),
    groups: groups.map(({ name, roles }) => [name, roles]),
  };
};

describe('the project overview', () => {
  it('is found with the command menu and shows the flags by type and state, health, flags and recent activity', async () => {
    await page.keyboard.press('Control+k');
    await page.getByLabel('Search flags, projects and pages').fill('web sh');
    await page.getByRole('menuitem', { name: 'Web shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Web shop', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${PROJECT}`);

    const figures = page.getByRole('list', { name: 'Project figures' });
    await figures.getByText('2 active flags').waitFor();
    const overview = (await session.api(`${SETTINGS}/overview`)) as {
      featureStateCounts: { active: number; stale: number; potentiallyStale: number };
      health: number;
      members: number;
      featureTypeCounts: { type: string; count: number }[];
    };
    expect(overview.featureStateCounts).toEqual({ active: 2, stale: 1, potentiallyStale: 0 });
    expect(await figures.getByRole('listitem').allInnerTexts()).toEqual([
      '2\nactive flags',
      '1\nstale',
      '0\npotentially stale',
      `${overview.health} %\nhealth`,
      `${overview.members}\nmembers`,
    ]);
    const types = page.getByRole('table', { name: 'Flags by type' });
    for (const { type, count } of overview.featureTypeCounts) await types.getByRole('row', { name: `${type} ${count}` }).waitFor();
    const flags = page.getByRole('table', { name: 'Flags', exact: true });
    await flags.getByRole('row', { name: /^cart-colour stale experiment/ }).waitFor();
    await flags.getByRole('row', { name: /^new-cart release development/ }).waitFor();
    await page.getByRole('list', { name: 'Recent activity' }).getByText('feature-created').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'project-overview');

    await page.getByRole('link', { name: 'All 2 flags on the flags page' }).click();
    await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('project')).toBe(`IS:${PROJECT}`);
  });
});

describe('the project settings', () => {
  it('changes the name and description', async () => {
    await page.goto(`/projects/${PROJECT}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
    await tab('General').waitFor();
    await page.getByLabel('Name').fill('Web shop EU');
    await page.getByLabel('Description').fill('The online store in Europe');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('heading', { name: 'Web shop EU', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'project-settings-general');
    expect(await session.api(SETTINGS)).toMatchObject({ name: 'Web shop EU', description: 'The online store in Europe' });
  });

  it('stops and starts using an environment', async () => {
    await tab('Environments').click();
    expect(new URL(page.url()).pathname).toBe(`/projects/${PROJECT}/settings/environments`);
    const production = page.getByRole('switch', { name: `Use production in ${PROJECT}` });
    expect(await production.isChecked()).toBe(true);
    await production.click({ force: true });
    await page
      .getByRole('alertdialog', { name: `Stop using production in ${PROJECT}?` })
      .getByRole('button', { name: 'Disable' })
      .click();
    const visible = async () =>
      (
        (await session.api(`/api/admin/environments/project/${PROJECT}`)) as { environments: { name: string; visible: boolean }[] }
      ).environments
        .filter((environment) => environment.visible)
        .map((environment) => environment.name);
    await expect.poll(visible).toEqual(['development']);
    await expect.poll(() => production.isChecked()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'project-settings-environments');
    await production.click({ force: true });
    await expect.poll(visible).toEqual(['development', 'production']);
  });

  it('gives a user and a group roles, changes a role and removes the user', async () => {
    await page.reload();
    await tab('Members and groups').click();
    await page.getByRole('button', { name: 'Add access' }).click();
    await pick('User or group', 'Grace Hopper');
    await pick('Role', 'Member');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add access' }).click();
    await pick('User or group', 'Shoppers (group)');
    await pick('Role', 'Reader');
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: 'Shoppers', exact: true }).waitFor();
    expect(await access()).toEqual({ users: [['grace', [ROLE.MEMBER]]], groups: [['Shoppers', [ROLE.READER]]] });

    await page.getByLabel('Role of Grace Hopper').selectOption({ label: 'Owner' });
    await expect.poll(access).toEqual({ users: [['grace', [ROLE.OWNER]]], groups: [['Shoppers', [ROLE.READER]]] });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'project-settings-access');

    // The last Owner stays: the API says so, and the page shows its message.
    const removeGrace = async () => {
      await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    };
    await removeGrace();
    await page.getByRole('alert').filter({ hasText: 'A project must have at least one owner' }).waitFor();
    await page.getByLabel('Role of Shoppers').selectOption({ label: 'Owner' });
    await expect.poll(access).toEqual({ users: [['grace', [ROLE.OWNER]]], groups: [['Shoppers', [ROLE.OWNER]]] });
    await removeGrace();
    await expect.poll(access).toEqual({ users: [], groups: [['Shoppers', [ROLE.OWNER]]] });
    await page.getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor({ state: 'detached' });
  });

  it('creates a project API token, shown once, that reads the flags, and deletes it', async () => {
    await tab('API tokens').click();
    await page.getByRole('button', { name: 'New project token' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('shop-backend');
    await pick('Environment', 'production');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const secret = await page.getByLabel('New token', { exact: true }).textContent();
    expect(secret).toMatch(new RegExp(`^${PROJECT}:production\\.[0-9a-f]{64}$`));
    await page.getByRole('button', { name: 'Copy the new token' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: /^shop-backend/ }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'project-settings-api-tokens');
    const tokens = async () =>
      ((await session.api(`${SETTINGS}/api-tokens`)) as { tokens: { tokenName: string; type: string; environment: string }[] }).tokens.map(
        ({ tokenName, type, environment }) => [tokenName, type, environment],
      );
    expect(await tokens()).toEqual([['shop-backend', 'backend', 'production']]);
    const features = await session.t.http().get('/api/client/features').set('Authorization', secret!).expect(200);
    expect(features.body.features.map((feature: { name: string }) => feature.name).sort()).toEqual(['cart-colour', 'new-cart']);
    expect(await page.evaluate('JSON.stringify(localStorage)')).not.toContain(secret!);

    await page.getByRole('button', { name: 'Delete shop-backend' }).click();
    await page.getByRole('alertdialog').getByLabel('Type shop-backend to confirm').fill('shop-backend');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(tokens).toEqual([]);
    await session.t.http().get('/api/client/features').set('Authorization', secret!).expect(401);
  });

  it('deletes a project after its id is typed; the list leads to the others’ overviews', async () => {
    await admin().post('/api/admin/projects', { id: 'scratch', name: 'Scratch' }).expect(201);
    await page.goto('/projects/scratch/settings/general');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Type scratch to confirm').fill('scratch');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await session.t.http().get('/api/admin/projects/scratch').set('Authorization', ADMIN_TOKEN).expect(404);
    // The projects list leads to each project's overview.
    await page.getByRole('link', { name: 'Web shop EU' }).click();
    await page.getByRole('heading', { name: 'Web shop EU', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${PROJECT}`);
  });

  it('disables what a Viewer may not do, saying which permission it needs', async () => {
    const { context, page: viewer } = await signedInAs(VIEWER_LOGIN);
    await viewer.goto(`/projects/${PROJECT}/settings/general`);
    const save = viewer.getByRole('button', { name: 'Save' });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await viewer.getByText('Needs the UPDATE_PROJECT permission').first().waitFor({ state: 'attached' });
    expect(await viewer.getByRole('button', { name: 'Delete project' }).isDisabled()).toBe(true);
    await viewer.getByRole('tab', { name: 'Environments' }).click();
    expect(await viewer.getByRole('switch', { name: `Use development in ${PROJECT}` }).isDisabled()).toBe(true);
    await viewer.getByRole('tab', { name: 'Members and groups' }).click();
    expect(await viewer.getByRole('button', { name: 'Add access' }).isDisabled()).toBe(true);
    await viewer.getByRole('tab', { name: 'API tokens' }).click();
    expect(await viewer.getByRole('button', { name: 'New project token' }).isDisabled()).toBe(true);
    await viewer.getByText("Needs the READ_PROJECT_API_TOKEN permission to see the project's tokens.").waitFor();
    expect(await seriousAccessibilityViolations(viewer)).toEqual([]);
    await context.close();
  });

  it('lets a project Owner who is not an admin add a member, picked from the users every signed-in person may list', async () => {
    const created = await admin()
      .post('/api/admin/user-admin', { ...OWNER_LOGIN, name: 'Lin Owner', rootRole: ROLE.VIEWER })
      .expect(201);
    await admin()
      .post(`${SETTINGS}/access`, { roles: [ROLE.OWNER], users: [created.body.id] })
      .expect(200);
    const { context, page: owner } = await signedInAs(OWNER_LOGIN);
    await owner.goto(`/projects/${PROJECT}/settings/access`);
    await owner.getByRole('button', { name: 'Add access' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('button', { name: /User or group/ }).click();
    const options = owner.getByRole('listbox').getByRole('option');
    await options.filter({ hasText: 'Shoppers (group)' }).waitFor();
    expect(await options.allTextContents()).toEqual(
      expect.arrayContaining(['admin', 'Ada Lovelace', 'Grace Hopper', 'Lin Owner', 'Shoppers (group)']),
    );
    await owner.getByRole('listbox').getByRole('option', { name: 'Ada Lovelace', exact: true }).click();
    await dialog.getByRole('button', { name: /Role/ }).click();
    await owner.getByRole('listbox').getByRole('option', { name: 'Member', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByRole('cell', { name: 'Ada Lovelace', exact: true }).waitFor();
    expect((await access()).users).toEqual([
      ['ada', [ROLE.MEMBER]],
      ['lin', [ROLE.OWNER]],
    ]);
    expect(await owner.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

/** A page of its own, signed in through the login form as `login`. */
async function signedInAs(login: { username: string; password: string }) {
  const context = await session.browser.newContext({ baseURL: session.origin, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  const signedIn = await context.newPage();
  await signedIn.goto('/login');
  await signedIn.getByLabel('Username or email').fill(login.username);
  await signedIn.getByLabel('Password').fill(login.password);
  await signedIn.getByRole('button', { name: 'Sign in' }).click();
  await signedIn.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
  return { context, page: signedIn };
}
