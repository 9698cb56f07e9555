import type { Locator, Page } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
} from '../helpers/browser.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

/** A long name and a constrained strategy: the widest things the flags page and the flag page show. */
const FLAG = 'checkout-with-a-rather-long-flag-name';
const FEATURE = `/api/admin/projects/default/features/${FLAG}`;

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await startConsoleSession();
  const post = (path: string, body: object) => session.t.http().post(path).set('Authorization', ADMIN_TOKEN).send(body);
  await post('/api/admin/projects/default/features', { name: FLAG, description: 'The new checkout, for phones too' }).expect(201);
  await post(`${FEATURE}/environments/development/strategies`, {
    name: 'flexibleRollout',
    title: 'Beta users in the first countries',
    parameters: { rollout: '25', stickiness: 'default', groupId: FLAG },
    constraints: [
      { contextName: 'country', operator: 'IN', values: ['de', 'fr', 'nl', 'se', 'dk'], inverted: false, caseInsensitive: false },
    ],
  }).expect(200);
  page = await session.signedIn();
  await page.setViewportSize({ width: 375, height: 800 });
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

/** How wide the page is: wider than the screen means it scrolls sideways. */
const pageWidth = (): Promise<number> => page.evaluate('document.documentElement.scrollWidth');

/** Where the right edge of what `locator` finds is: past 375 it is out of view, behind a table's sideways scroll. */
const rightEdge = async (locator: Locator): Promise<number> => {
  const box = (await locator.boundingBox())!;
  return box.x + box.width;
};

describe('the console on a 375 px wide screen', () => {
  it('keeps the navigation behind a Menu button whose dialog works by keyboard and closes with Escape', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'menu-375');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the menu.
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Menu');

    await page.keyboard.press('Enter');
    await dialog.getByRole('link', { name: 'Projects', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    await menu.click();
    await dialog.getByRole('link', { name: 'Flags', exact: true }).click();
    await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the flags page and the flag page without scrolling sideways', async () => {
    await page.goto('/');
    await page.getByRole('switch', { name: `${FLAG} in production` }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    await page.getByText('25 % of users by userId or sessionId, where country is one of de, fr, nl, se, dk').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flag-page-375');
  });

  it('shows the flags page, the flag page and the project settings in the dark theme, readable and unclipped', async () => {
    await page.goto('/');
    await page.evaluate("localStorage.setItem('flagwright-theme', 'dark')");
    try {
      await page.reload();
      await page.getByRole('switch', { name: `${FLAG} in production` }).waitFor();
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
      expect(await pageWidth()).toBeLessThanOrEqual(375);
      // The switches are in view: the columns a narrow screen can do without are left out.
      expect(await rightEdge(page.getByRole('columnheader', { name: 'production' }))).toBeLessThanOrEqual(375);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'flags-page-375-dark');

      await page.getByRole('link', { name: FLAG }).click();
      await page.getByText('25 % of users by userId or sessionId, where country is one of de, fr, nl, se, dk').waitFor();
      expect(await pageWidth()).toBeLessThanOrEqual(375);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'flag-page-375-dark');

      for (const [tab, heading, control] of [
        ['general', 'General', page.getByRole('button', { name: 'Save' })],
        ['environments', 'Environments', page.getByRole('columnheader', { name: 'Used by the project' })],
        ['access', 'Members and groups', page.getByRole('button', { name: 'Add access' })],
        ['api-tokens', 'API tokens', page.getByRole('button', { name: 'Delete init-client-token' })],
      ] as const) {
        await page.goto(`/projects/default/settings/${tab}`);
        await page.getByRole('tabpanel').getByRole('heading', { name: heading, level: 2 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageWidth()).toBeLessThanOrEqual(375);
        expect(await rightEdge(control)).toBeLessThanOrEqual(375);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, `project-settings-${tab}-375-dark`);
      }
    } finally {
      await page.evaluate("localStorage.removeItem('flagwright-theme')");
    }
  });
});

describe('the console on a desktop screen', () => {
  it('shows the navigation itself, with no Menu button', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto('/');
      await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).waitFor();
      await expect(page.getByRole('button', { name: 'Menu', exact: true }).count()).resolves.toBe(0);
    } finally {
      await page.setViewportSize({ width: 375, height: 800 });
    }
  });
});
