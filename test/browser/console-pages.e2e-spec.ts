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

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await startConsoleSession();
  page = await session.signedIn();
  const feature = '/api/admin/projects/default/features';
  await session.t.http().post(feature).set('Authorization', ADMIN_TOKEN).send({ name: 'checkout' }).expect(201);
  await session.t
    .http()
    .post(`${feature}/checkout/environments/development/strategies`)
    .set('Authorization', ADMIN_TOKEN)
    .send({ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }] })
    .expect(200);
  await session.t.http().post(`${feature}/checkout/environments/development/on`).set('Authorization', ADMIN_TOKEN).expect(200);
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

/** Opens a page from the navigation, as a person does, and checks it with axe. */
async function open(label: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('the playground', () => {
  it('evaluates the flags for a context and explains each constraint’s result', async () => {
    await open('Playground');
    await page.getByLabel('appName').fill('web');
    await page.getByLabel('userId').fill('42');
    await page.getByRole('button', { name: 'Add property' }).click();
    await page.getByLabel('Property 1 name').fill('tier');
    await page.getByLabel('Property 1 value').fill('gold');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const results = page.getByRole('table', { name: 'Results' });
    await results.getByRole('row', { name: /checkout default True/ }).waitFor();
    await results.getByRole('button', { name: 'Why checkout' }).click();
    await page.getByRole('group', { name: 'Evaluation of checkout' }).getByText('userId is one of 42 — True').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'playground');

    const answer = await session.t
      .http()
      .post('/api/admin/playground')
      .set('Authorization', ADMIN_TOKEN)
      .send({ environment: 'development', context: { appName: 'web', userId: '42', properties: { tier: 'gold' } } })
      .expect(200);
    expect(answer.body.features.map((f: { name: string; isEnabled: boolean }) => [f.name, f.isEnabled])).toEqual([['checkout', true]]);
  });
});

describe('the context fields page', () => {
  it('creates a field with pasted legal values and stickiness, then deletes it by its typed name', async () => {
    await open('Context fields');
    await page.getByRole('button', { name: 'New context field' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('tier');
    await dialog.getByLabel('Description', { exact: true }).fill('Subscription tier');
    await dialog.getByRole('checkbox', { name: 'Custom stickiness' }).check({ force: true });
    await dialog.getByLabel('Paste values').fill('gold: Gold plan\nsilver');
    await dialog.getByRole('button', { name: 'Add pasted values' }).click();
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await dialog.getByLabel('Value 3', { exact: true }).fill('bronze');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create context field' }).click();
    await page.getByRole('row', { name: /tier Subscription tier 3 Yes/ }).waitFor();
    await screenshot(page, 'context-fields');

    const field = (await session.api('/api/admin/context/tier')) as Record<string, unknown>;
    expect({ description: field.description, stickiness: field.stickiness, legalValues: field.legalValues }).toEqual({
      description: 'Subscription tier',
      stickiness: true,
      legalValues: [{ value: 'gold', description: 'Gold plan' }, { value: 'silver' }, { value: 'bronze' }],
    });

    await page.getByRole('button', { name: 'Delete tier' }).click();
    await page.getByRole('alertdialog').getByLabel('Type tier to confirm').fill('tier');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: /tier Subscription/ }).waitFor({ state: 'detached' });
    await session.t.http().get('/api/admin/context/tier').set('Authorization', ADMIN_TOKEN).expect(404);
  });
});

describe('the event log', () => {
  it('filters the events through the URL and shows what an event changed', async () => {
    await session.t
      .http()
      .put('/api/admin/projects/default/features/checkout')
      .set('Authorization', ADMIN_TOKEN)
      .send({ name: 'checkout', description: 'Pays' })
      .expect(200);
    await open('Event log');
    await page.getByLabel('Type').fill('feature-metadata-updated');
    await page.getByLabel('Flag').fill('checkout');
    const events = page.getByRole('table', { name: 'Events' });
    await page.getByText('1–1 of 1 events').waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('feature-metadata-updated');
    await events.getByRole('button', { name: /^Changes of event/ }).click();
    await page
      .getByRole('table', { name: /Changes of event/ })
      .getByRole('row', { name: 'description null "Pays"' })
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'events');

    const found = (await session.api('/api/admin/search/events?type=IS:feature-metadata-updated&feature=IS:checkout')) as {
      total: number;
      events: { preData: { description: unknown }; data: { description: unknown } }[];
    };
    expect({ total: found.total, before: found.events[0].preData.description, after: found.events[0].data.description }).toEqual({
      total: 1,
      before: null,
      after: 'Pays',
    });
  });
  it('keeps both filters when two are set in one moment', async () => {
    await page.goto(new URL('/', page.url()).href);
    await open('Event log');
    // Both inputs in one task: the second change comes before the first is rendered.
    await page.evaluate(`(() => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const field = (label) => [...document.querySelectorAll('label')].find((element) => element.textContent === label).control;
      for (const [label, value] of [['Type', 'feature-metadata-updated'], ['Flag', 'checkout']]) {
        setValue.call(field(label), value);
        field(label).dispatchEvent(new Event('input', { bubbles: true }));
      }
    })()`);
    await page.getByText('1–1 of 1 events').waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: 'feature-metadata-updated', feature: 'checkout' });
  });
});

describe('the applications page', () => {
  it('lists an application with its environments and instances, its old SDK flagged', async () => {
    const now = Date.now();
    await session.t
      .http()
      .post('/api/client/register')
      .set('Authorization', CLIENT_TOKEN)
      .send({
        appName: 'web',
        instanceId: 'web-1',
        sdkVersion: 'unleash-client-node:5.0.0',
        strategies: ['default'],
        started: new Date(now).toISOString(),
        interval: 10_000,
      })
      .expect(202);
    await session.t
      .http()
      .post('/api/client/metrics')
      .set('Authorization', CLIENT_TOKEN)
      .send({
        appName: 'web',
        instanceId: 'web-1',
        bucket: {
          start: new Date(now - 60_000).toISOString(),
          stop: new Date(now).toISOString(),
          toggles: { checkout: { yes: 2, no: 1 } },
        },
      })
      .expect(202);
    await open('Applications');
    const row = page.getByRole('row', { name: /^web default: development unleash-client-node:5\.0\.0 ?Outdated/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Instances of web' }).click();
    await page
      .getByRole('table', { name: 'Environments of web' })
      .getByRole('row', { name: /^development 1 unleash-client-node:5\.0\.0/ })
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'applications');

    const { applications } = (await session.api('/api/admin/metrics/applications')) as {
      applications: { appName: string; sdkVersion: string }[];
    };
    expect(applications.map(({ appName, sdkVersion }) => ({ appName, sdkVersion }))).toEqual([
      { appName: 'web', sdkVersion: 'unleash-client-node:5.0.0' },
    ]);
    expect(await session.api('/api/admin/metrics/sdks/outdated')).toEqual({
      sdks: [{ sdkVersion: 'unleash-client-node:5.0.0', applications: ['web'] }],
    });
  });
});

describe('the segments page', () => {
  it('creates a segment with a constraint, edits it, and deletes it by its typed name', async () => {
    await open('Segments');
    await page.getByRole('button', { name: 'New segment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('beta-testers');
    await dialog.getByLabel('Description').fill('Early adopters');
    await dialog.getByRole('button', { name: 'Add constraint' }).click();
    await dialog.getByLabel('Context field').fill('userId');
    await dialog.getByLabel('Values').fill('7\n8');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('row', { name: /beta-testers Early adopters 1/ }).waitFor();
    await screenshot(page, 'segments');

    await page.getByRole('button', { name: 'Edit beta-testers' }).click();
    await page.getByRole('dialog').getByLabel('Description').fill('Early birds');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /beta-testers Early birds 1/ }).waitFor();
    const { segments } = (await session.api('/api/admin/segments')) as {
      segments: { name: string; description: string; constraints: { contextName: string; operator: string; values: string[] }[] }[];
    };
    expect(
      segments.map(({ name, description, constraints }) => ({
        name,
        description,
        constraints: constraints.map(({ contextName, operator, values }) => ({ contextName, operator, values })),
      })),
    ).toEqual([
      { name: 'beta-testers', description: 'Early birds', constraints: [{ contextName: 'userId', operator: 'IN', values: ['7', '8'] }] },
    ]);

    await page.getByRole('button', { name: 'Delete beta-testers' }).click();
    await page.getByRole('alertdialog').getByLabel('Type beta-testers to confirm').fill('beta-testers');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: /beta-testers/ }).waitFor({ state: 'detached' });
    expect(await session.api('/api/admin/segments')).toEqual({ segments: [] });
  });
});
