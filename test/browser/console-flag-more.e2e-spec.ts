import type { Page } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
} from '../helpers/browser.js';
import { ADMIN_TOKEN, CLIENT_TOKEN } from '../helpers/test-app.js';

const FLAG = 'search-v2';
const PARENT = 'search-index';
const FEATURE = `/api/admin/projects/default/features/${FLAG}`;

let session: ConsoleSession;
let page: Page;

const post = (path: string, body: object, token = ADMIN_TOKEN) => session.t.http().post(path).set('Authorization', token).send(body);

beforeAll(async () => {
  session = await startConsoleSession();
  await post('/api/admin/projects/default/features', { name: PARENT }).expect(201);
  await post('/api/admin/projects/default/features', { name: FLAG, description: 'The new search' }).expect(201);
  await post('/api/admin/context', {
    name: 'plan',
    legalValues: [{ value: 'gold', description: 'Customers on the gold plan' }, { value: 'silver' }, { value: 'bronze' }],
  }).expect(201);
  const now = Date.now();
  await post(
    '/api/client/metrics',
    {
      appName: 'search-web',
      instanceId: 'search-web-1',
      bucket: {
        start: new Date(now - 60_000).toISOString(),
        stop: new Date(now).toISOString(),
        toggles: { [FLAG]: { yes: 7, no: 3 } },
      },
    },
    CLIENT_TOKEN,
  ).expect(202);
  page = await session.signedIn();
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

describe('the flag page’s tabs', () => {
  it('keeps the open tab in the URL, so a reload shows it again', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('heading', { name: 'Dependency' }).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tabpanel', { name: 'History' }).getByText('feature-created').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    await page.reload();
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('variants per environment', () => {
  it('adds variants with weights, stickiness, a JSON payload checked as typed and an override, read back through the API', async () => {
    await page.goto(`/flags/default/${FLAG}?tab=variants`);
    await page.getByRole('button', { name: 'Edit variants in development' }).click();
    const form = page.getByRole('form', { name: 'Variants in development' });
    await form.getByRole('button', { name: 'Add variant' }).click();
    await form.getByRole('button', { name: 'Add variant' }).click();
    await form.getByLabel('Variant 1 name').fill('blue');
    await form.getByLabel('Payload type').first().selectOption('json');
    await form.getByLabel('Payload', { exact: true }).fill('{"color":');
    await form.getByText('Not valid JSON yet.').waitFor();
    await form.getByLabel('Payload', { exact: true }).fill('{"color":"blue"}');
    expect(await form.getByText('Not valid JSON yet.').count()).toBe(0);
    await form.getByLabel('Stickiness').first().selectOption('userId');
    await form.getByRole('button', { name: 'Add override to variant 1' }).click();
    await form.getByLabel('Override 1 values').fill('alice\nbob');
    await form.getByLabel('Variant 2 name').fill('red');
    await form.getByLabel('Fixed weight').nth(1).check();
    await form.getByLabel('Weight (%)').nth(1).fill('30');
    expect(await form.getByLabel('Weight (%)').first().inputValue()).toBe('70');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flag-variants');
    await form.getByRole('button', { name: 'Save variants in development' }).click();
    await form.waitFor({ state: 'detached' });
    const { variants } = (await session.api(`${FEATURE}/environments/development/variants`)) as { variants: object[] };
    expect(variants).toEqual([
      {
        name: 'blue',
        weight: 700,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"color":"blue"}' },
        overrides: [{ contextName: 'userId', values: ['alice', 'bob'] }],
      },
      { name: 'red', weight: 300, weightType: 'fix', stickiness: 'default' },
    ]);
    await page
      .getByRole('table', { name: 'Variants in development' })
      .getByRole('row', { name: /^blue 70 % \(variable\) userId/ })
      .waitFor();
  });

  it('shows a refused variant name next to its field, and keeps what is stored', async () => {
    await page.goto(`/flags/default/${FLAG}?tab=variants`);
    await page.getByRole('button', { name: 'Edit variants in development' }).click();
    const form = page.getByRole('form', { name: 'Variants in development' });
    await form.getByLabel('Variant 2 name').fill('not url safe');
    // An unsaved edit survives a look at another tab.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('tab', { name: 'Variants' }).click();
    expect(await form.getByLabel('Variant 2 name').inputValue()).toBe('not url safe');
    await form.getByRole('button', { name: 'Save variants in development' }).click();
    const field = form.locator('.field', { has: page.getByLabel('Variant 2 name') });
    await field.locator('.field-error').waitFor();
    expect(await field.locator('.field-error').innerText()).toMatch(/URL friendly/);
    const { variants } = (await session.api(`${FEATURE}/environments/development/variants`)) as { variants: { name: string }[] };
    expect(variants.map((variant) => variant.name)).toEqual(['blue', 'red']);
    page.once('dialog', (dialog) => dialog.accept());
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  });
});

describe('the dependency on a parent', () => {
  it('adds a parent with its condition and removes it, read back through the API', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Add parent' }).click();
    const form = page.getByRole('form', { name: 'Parent flag' });
    await form.getByLabel('Parent flag').selectOption(PARENT);
    await form.getByLabel('When the parent is').selectOption('false');
    await form.getByRole('button', { name: 'Save dependency' }).click();
    await page.getByText(`being disabled.`).waitFor();
    expect(await session.api(`${FEATURE}/dependencies`)).toEqual([{ feature: PARENT, enabled: false, variants: [] }]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Remove dependency on ${PARENT}` }).click();
    await page.getByText('No parent: the flag is evaluated on its own.').waitFor();
    expect(await session.api(`${FEATURE}/dependencies`)).toEqual([]);
  });

  it('requires one of the parent’s variants, picked from the variants the parent has', async () => {
    await session.t
      .http()
      .put(`/api/admin/projects/default/features/${PARENT}/environments/development/variants`)
      .set('Authorization', ADMIN_TOKEN)
      .send([{ name: 'fast', weight: 1000, weightType: 'variable', stickiness: 'default' }])
      .expect(200);
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Add parent' }).click();
    const form = page.getByRole('form', { name: 'Parent flag' });
    await form.getByLabel('Parent flag').selectOption(PARENT);
    await form.getByRole('checkbox', { name: 'fast' }).check();
    await form.getByRole('button', { name: 'Save dependency' }).click();
    await page.getByText('being enabled, with variant fast.').waitFor();
    expect(await session.api(`${FEATURE}/dependencies`)).toEqual([{ feature: PARENT, enabled: true, variants: ['fast'] }]);
  });
});

describe('the lifecycle', () => {
  it('marks the flag completed (discarded) and takes it back', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Mark completed' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Mark ${FLAG} completed?` });
    await dialog.getByRole('radio', { name: /Discarded/ }).check();
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await page.getByRole('button', { name: 'Uncomplete' }).waitFor();
    expect((await session.api(FEATURE)) as { lifecycle: object }).toMatchObject({ lifecycle: { stage: 'completed', status: 'discarded' } });
    await page.getByRole('button', { name: 'Uncomplete' }).click();
    await page.getByRole('button', { name: 'Mark completed' }).waitFor();
    expect(((await session.api(FEATURE)) as { lifecycle: { stage: string } }).lifecycle.stage).not.toBe('completed');
  });
});

describe('metrics', () => {
  it('shows exposures per environment as a chart and a table, and when each environment last saw the flag', async () => {
    await page.goto(`/flags/default/${FLAG}?tab=metrics`);
    const development = page.getByRole('region', { name: 'Exposures in development' });
    await development.getByText('exposures: 7 true, 3 false.').waitFor();
    await development.getByRole('img', { name: /^Exposures per hour in development: at most 10/ }).waitFor();
    await development.getByText('Hour by hour as a table').click();
    await development
      .getByRole('table', { name: 'Exposures per hour in development' })
      .getByRole('row', { name: /7 3 10$/ })
      .waitFor();
    await page.getByText('Reported by search-web.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flag-metrics');
  });
});

describe('the constraint editor', () => {
  it('picks legal values, checks versions with the API, takes dates and numbers, read back through the API', async () => {
    await page.goto(`/flags/default/${FLAG}`);
    await page.getByRole('button', { name: 'Add strategy in development' }).click();
    const editor = page.getByRole('dialog', { name: 'Add strategy in development' });
    const addConstraint = () => editor.getByRole('button', { name: 'Add constraint' }).click();

    await addConstraint();
    await editor.getByLabel('Context field').nth(0).fill('plan');
    const legal = editor.getByRole('group', { name: 'Values (legal values of plan)' });
    await legal.getByText('Customers on the gold plan').waitFor();
    await legal.getByRole('checkbox', { name: /gold/ }).check();
    await legal.getByRole('checkbox', { name: /bronze/ }).check();

    await addConstraint();
    await editor.getByLabel('Context field').nth(1).fill('appVersion');
    await editor.getByLabel('Operator').nth(1).selectOption('SEMVER_GT');
    const version = editor.locator('fieldset.constraint').nth(1);
    await version.getByLabel('Value', { exact: true }).fill('1.2');
    await version.locator('.field-error').waitFor();
    await version.getByLabel('Value', { exact: true }).fill('1.2.3');
    await version.locator('.field-error').waitFor({ state: 'detached' });

    await addConstraint();
    await editor.getByLabel('Context field').nth(2).fill('currentTime');
    await editor.getByLabel('Operator').nth(2).selectOption('DATE_AFTER');
    const date = editor.locator('fieldset.constraint').nth(2).getByLabel('Value', { exact: true });
    expect(await date.getAttribute('type')).toBe('datetime-local');
    await date.fill('2027-01-15T09:30');

    await addConstraint();
    await editor.getByLabel('Context field').nth(3).fill('cartTotal');
    await editor.getByLabel('Operator').nth(3).selectOption('NUM_GTE');
    const amount = editor.locator('fieldset.constraint').nth(3).getByLabel('Value', { exact: true });
    expect(await amount.getAttribute('type')).toBe('number');
    await amount.fill('49.5');

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'constraint-editor');
    await editor.getByRole('button', { name: 'Save strategy' }).click();
    await editor.waitFor({ state: 'detached' });
    const feature = (await session.api(FEATURE)) as {
      environments: {
        name: string;
        strategies: { constraints: { contextName: string; operator: string; values: string[]; value?: string }[] }[];
      }[];
    };
    const [strategy] = feature.environments.find((environment) => environment.name === 'development')!.strategies;
    const expectedDate = await page.evaluate(() => new Date('2027-01-15T09:30').toISOString());
    expect(strategy.constraints.map(({ contextName, operator, values, value }) => ({ contextName, operator, values, value }))).toEqual([
      { contextName: 'plan', operator: 'IN', values: ['gold', 'bronze'], value: undefined },
      { contextName: 'appVersion', operator: 'SEMVER_GT', values: [], value: '1.2.3' },
      { contextName: 'currentTime', operator: 'DATE_AFTER', values: [], value: expectedDate },
      { contextName: 'cartTotal', operator: 'NUM_GTE', values: [], value: '49.5' },
    ]);
  });
});

describe('history', () => {
  it('shows each change as a readable diff, with who and when', async () => {
    await page.goto(`/flags/default/${FLAG}?tab=history`);
    const history = page.getByRole('tabpanel', { name: 'History' });
    await history.getByText('feature-dependency-added').first().waitFor();
    await history.getByText('constraints.0.values: added gold, bronze').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
