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
