import type { Page, Request } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
} from '../helpers/browser.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

interface Strategy {
  id: string;
  title: string | null;
  parameters: Record<string, string>;
  constraints: { contextName: string; operator: string; values: string[] }[];
  sortOrder: number;
}

const FLAG = 'checkout-v2';
const FEATURE = `/api/admin/projects/default/features/${FLAG}`;

let session: ConsoleSession;
let page: Page;

const admin = () => ({
  post: (path: string, body?: object) => session.t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body),
  put: (path: string, body: object) => session.t.http().put(path).set('Authorization', ADMIN_TOKEN).send(body),
});

async function strategiesIn(environment: string): Promise<Strategy[]> {
  const feature = (await session.api(FEATURE)) as { environments: { name: string; strategies: Strategy[] }[] };
  return feature.environments.find((env) => env.name === environment)!.strategies.sort((a, b) => a.sortOrder - b.sortOrder);
}

beforeAll(async () => {
  session = await startConsoleSession();
  await admin().post('/api/admin/projects/default/features', { name: FLAG, description: 'The new checkout' }).expect(201);
  await admin()
    .post(`${FEATURE}/environments/development/strategies`, {
      name: 'flexibleRollout',
      title: 'Beta users',
      parameters: { rollout: '25', stickiness: 'default', groupId: FLAG },
      constraints: [{ contextName: 'country', operator: 'IN', values: ['de'], inverted: false, caseInsensitive: false }],
    })
    .expect(200);
  await admin().post(`${FEATURE}/environments/development/strategies`, { name: 'default', title: 'Everyone else' }).expect(200);
  page = await session.signedIn();
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

describe('the flag page', () => {
  it('shows each environment with its switch and its strategies in plain words, in at most five requests (tabs load later)', async () => {
    const requests: string[] = [];
    const record = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(new URL(request.url()).pathname);
    };
    await page.goto('/');
    await page.getByRole('link', { name: FLAG }).waitFor();
    page.on('request', record);
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    await page.getByText('25 % of users by userId or sessionId, where country is one of de').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    expect(requests.length).toBeLessThanOrEqual(5);
    // The history and metrics tabs load their data when shown.
    expect(requests.filter((path) => path.startsWith('/api/admin/events/') || path.includes('/client-metrics/'))).toEqual([]);
    await page.getByRole('switch', { name: `${FLAG} in production` }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flag-page');
  });

  it('leads from the flag to its project’s overview', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('link', { name: 'Project default' }).click();
    await page.getByRole('heading', { name: 'Default', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects/default');
  });

  it('updates a strategy in the editor (the spec’s strategy update), read back through the API', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Edit: Beta users' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit strategy in development' });
    await editor.getByLabel('Rollout (%)').fill('50');
    await editor.getByLabel('Stickiness').selectOption('userId');
    await editor.getByLabel('Values').fill('de\nfr\nit');
    await editor.getByRole('button', { name: 'Add constraint' }).click();
    await editor.getByLabel('Context field').nth(1).fill('appVersion');
    await editor.getByLabel('Operator').nth(1).selectOption('SEMVER_GTE');
    await editor.getByLabel('Value', { exact: true }).fill('2.1.0');
    await editor.getByLabel('Title').fill('Beta users in Europe');
    await screenshot(page, 'strategy-editor');
    await editor.getByRole('button', { name: 'Save strategy' }).click();
    await editor.waitFor({ state: 'detached' });
    const [first] = await strategiesIn('development');
    expect(first.title).toBe('Beta users in Europe');
    expect(first.parameters).toEqual({ rollout: '50', stickiness: 'userId', groupId: FLAG });
    expect(first.constraints.map(({ contextName, operator, values }) => ({ contextName, operator, values }))).toEqual([
      { contextName: 'country', operator: 'IN', values: ['de', 'fr', 'it'] },
      { contextName: 'appVersion', operator: 'SEMVER_GTE', values: [] },
    ]);
    await page.getByText('50 % of users by userId, where country is one of de, fr, it').waitFor();
  });

  it('says when someone else changed the strategy since it was opened, and reloads their version', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Edit: Beta users in Europe' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit strategy in development' });
    await editor.getByLabel('Rollout (%)').waitFor();
    const [first] = await strategiesIn('development');
    await admin()
      .put(`${FEATURE}/environments/development/strategies/${first.id}`, {
        ...first,
        title: 'Changed elsewhere',
        parameters: { ...first.parameters, rollout: '10' },
      })
      .expect(200);
    await editor.getByLabel('Rollout (%)').fill('75');
    await editor.getByRole('button', { name: 'Save strategy' }).click();
    await editor.getByRole('alert').filter({ hasText: 'Someone else changed this strategy since you opened it.' }).waitFor();
    expect((await strategiesIn('development'))[0].parameters.rollout).toBe('10');
    await editor.getByRole('button', { name: 'Reload their version' }).click();
    await expect.poll(() => editor.getByLabel('Rollout (%)').inputValue()).toBe('10');
    await expect(editor.getByLabel('Title').inputValue()).resolves.toBe('Changed elsewhere');
    await editor.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows a refused value’s message next to its field', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Edit: Changed elsewhere' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit strategy in development' });
    await editor.getByLabel('Values').fill('');
    await editor.getByRole('button', { name: 'Save strategy' }).click();
    const field = editor.locator('.field', { has: page.getByLabel('Values') });
    await field.locator('.field-error').waitFor();
    expect(await field.locator('.field-error').innerText()).toMatch(/value/i);
    expect((await strategiesIn('development'))[0].constraints[0].values).toEqual(['de', 'fr', 'it']);
    page.once('dialog', (dialog) => dialog.accept());
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
  });

  it('reorders strategies from the keyboard, read back through the API', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    const before = (await strategiesIn('development')).map((strategy) => strategy.title);
    expect(before).toEqual(['Changed elsewhere', 'Everyone else']);
    await page.getByRole('button', { name: 'Move down: Changed elsewhere' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await strategiesIn('development')).map((strategy) => strategy.title))
      .toEqual(['Everyone else', 'Changed elsewhere']);
  });

  it('adds and removes a tag', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByLabel('Tag value').fill('checkout-team');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Remove tag simple:checkout-team' }).waitFor();
    expect(((await session.api(`/api/admin/features/${FLAG}/tags`)) as { tags: object[] }).tags).toEqual([
      { type: 'simple', value: 'checkout-team' },
    ]);
    await page.getByRole('button', { name: 'Remove tag simple:checkout-team' }).click();
    await expect.poll(async () => ((await session.api(`/api/admin/features/${FLAG}/tags`)) as { tags: object[] }).tags).toEqual([]);
  });

  it('lists the flag’s history with what changed', async () => {
    await page.goto(`/flags/default/${FLAG}?tab=history`);
    const history = page.getByRole('tabpanel', { name: 'History' });
    await history.getByText('parameters.rollout: 50 → 10').waitFor();
  });

  it('archives after the name is typed, and revives', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Archive ${FLAG}?` });
    await dialog.getByLabel(`Type ${FLAG} to confirm`).fill(FLAG);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Revive' }).waitFor();
    await session.t.http().get(FEATURE).set('Authorization', ADMIN_TOKEN).expect(404);
    await page.getByRole('button', { name: 'Revive' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect(((await session.api(FEATURE)) as { archived: boolean }).archived).toBe(false);
  });
});

describe('the profile page', () => {
  it('creates a personal access token whose secret is shown once, with a copy button', async () => {
    await page.goto('/profile');
    await page.getByLabel('Description').fill('deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = await page.getByLabel('New token', { exact: true }).innerText();
    expect(secret).toMatch(/^user:/);
    await page.getByRole('button', { name: 'Copy the new token' }).waitFor();
    await page.getByRole('cell', { name: 'deploy script', exact: true }).waitFor();
    await session.t.http().get('/api/admin/user').set('Authorization', secret).expect(200);
    await page.reload();
    await page.getByRole('cell', { name: 'deploy script', exact: true }).waitFor();
    expect(await page.getByLabel('New token', { exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('changes the password, which the next login needs', async () => {
    await page.goto('/profile');
    await page.getByLabel('Current password').fill('unleash4all');
    await page.getByLabel('New password', { exact: true }).fill('A-new-passw0rd!');
    await page.getByLabel('Repeat the new password').fill('A-new-passw0rd!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    await session.t.http().post('/auth/simple/login').send({ username: 'admin', password: 'A-new-passw0rd!' }).expect(200);
  });
});

describe('the projects page', () => {
  it('creates a project, read back through the API', async () => {
    await page.goto('/projects');
    await page.getByLabel('Name', { exact: true }).fill('Web shop');
    await page.getByLabel('Id (made from the name when empty)').fill('web-shop');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('link', { name: 'Web shop' }).waitFor();
    const projects = (await session.api('/api/admin/projects')) as { projects: { id: string; name: string }[] };
    expect(projects.projects.map((project) => project.id)).toContain('web-shop');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
