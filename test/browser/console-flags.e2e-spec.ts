import type { Locator, Page, Request } from 'playwright-core';
import {
  ADMIN,
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  screenshot,
  seriousAccessibilityViolations,
  startConsoleSession,
} from '../helpers/browser.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

interface SearchAnswer {
  total: number;
  features: { name: string; environments: { name: string; enabled: boolean }[] }[];
}

const FLAGS = [
  { name: 'checkout-v2', type: 'release', description: 'The new checkout' },
  { name: 'checkout-express', type: 'experiment', description: 'One-click checkout' },
  { name: 'search-ranking', type: 'experiment', description: '<b>bold</b> ranking' },
  { name: 'dark-mode', type: 'permission', description: null },
];

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await startConsoleSession();
  for (const flag of FLAGS) {
    await session.t.http().post('/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send(flag).expect(201);
  }
  page = await session.signedIn();
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

const enabledIn = async (flag: string, environment: string): Promise<boolean> => {
  const feature = (await session.api(`/api/admin/projects/default/features/${flag}`)) as {
    environments: { name: string; enabled: boolean }[];
  };
  return feature.environments.find((env) => env.name === environment)!.enabled;
};

/** Operates a switch as a keyboard user does (React Aria's switch input is visually hidden behind its track). */
async function press(toggle: Locator): Promise<void> {
  await toggle.focus();
  await page.keyboard.press('Space');
}

/** Requests of the page to the search API while `action` runs and the page settles. */
async function searchRequestsDuring(action: () => Promise<void>): Promise<URL[]> {
  const seen: URL[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/search/features') seen.push(url);
  };
  page.on('request', record);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return seen;
}

describe('the login page', () => {
  it('signs in by typing, with no serious accessibility violation, and keeps no secret in localStorage', async () => {
    const context = await session.browser.newContext({ baseURL: session.origin });
    const login = await context.newPage();
    await login.goto('/flags/default/checkout-v2');
    await login.waitForURL(/\/login\?next=/);
    expect(await seriousAccessibilityViolations(login)).toEqual([]);
    await screenshot(login, 'login');
    await login.getByLabel('Username or email').fill(ADMIN.username);
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor();
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    // Back where the deep link pointed.
    await login.waitForURL(/\/flags\/default\/checkout-v2$/);
    const me: { user: { username: string } } = await login.evaluate(`fetch('api/admin/user').then((res) => res.json())`);
    expect(me.user.username).toBe('admin');
    expect(await login.evaluate('Object.keys(localStorage)')).toEqual([]);
    await context.close();
  });
});

describe('the flags page', () => {
  it('lists the flags with one search request, names each switch with its flag and environment, and passes axe', async () => {
    const requests = await searchRequestsDuring(async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'checkout-v2' }).waitFor();
    });
    expect(requests).toHaveLength(1);
    for (const flag of FLAGS) {
      for (const environment of ['development', 'production']) {
        await expect(page.getByRole('switch', { name: `${flag.name} in ${environment}` }).count()).resolves.toBe(1);
      }
    }
    // A description holding HTML is shown as text.
    await page.getByText('<b>bold</b> ranking').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flags-page');
  });

  it('searches as the user types, one request per pause, and keeps the view in the URL', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'dark-mode' }).waitFor();
    const requests = await searchRequestsDuring(async () => {
      await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('checkout', { delay: 20 });
      await page.waitForURL(/query=checkout/);
      await page.getByRole('link', { name: 'dark-mode' }).waitFor({ state: 'detached' });
    });
    expect(requests.map((url) => url.searchParams.get('query'))).toEqual(['checkout']);
    const links = await page.getByRole('table', { name: 'Flags' }).getByRole('link').allTextContents();
    expect(links.sort()).toEqual(['checkout-express', 'checkout-v2']);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' }).inputValue()).resolves.toBe('checkout');
    await page.getByRole('link', { name: 'checkout-v2' }).waitFor();
  });

  it('filters with the search API’s parameters, shown as removable chips', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter', { exact: true }).selectOption('type');
    await page.getByLabel('Values').selectOption(['experiment']);
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await page.waitForURL(/type=IS_ANY_OF%3Aexperiment/);
    await page.getByRole('link', { name: 'checkout-v2' }).waitFor({ state: 'detached' });
    const links = await page.getByRole('table', { name: 'Flags' }).getByRole('link').allTextContents();
    expect(links.sort()).toEqual(['checkout-express', 'search-ranking']);
    const answer = (await session.api('/api/admin/search/features?type=IS_ANY_OF:experiment')) as SearchAnswer;
    expect(answer.features.map((feature) => feature.name).sort()).toEqual(links.sort());
    await page.getByRole('button', { name: 'Remove filter Type' }).click();
    await page.getByRole('link', { name: 'checkout-v2' }).waitFor();
  });

  it('turns a flag on in development at once, read back through the API', async () => {
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'dark-mode in development' });
    await press(toggle);
    // At once: before the API answers, though a loaded machine may take a few frames to render it.
    await expect.poll(() => toggle.isChecked(), { timeout: 2_000 }).toBe(true);
    await expect.poll(() => enabledIn('dark-mode', 'development')).toBe(true);
  });

  it('asks before changing production, in a dialog naming the flag and the environment', async () => {
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'checkout-v2 in production' });
    await press(toggle);
    const dialog = page.getByRole('alertdialog', { name: 'Turn on checkout-v2 in production?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await toggle.isChecked()).toBe(false);
    await press(toggle);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => enabledIn('checkout-v2', 'production')).toBe(true);
    await expect(toggle.isChecked()).resolves.toBe(true);
  });

  it('puts a switch back with the API’s message when the API refuses the change', async () => {
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'search-ranking in development' });
    await toggle.waitFor();
    await session.t.http().delete('/api/admin/projects/default/features/search-ranking').set('Authorization', ADMIN_TOKEN).expect(202);
    await press(toggle);
    await page.getByRole('alert').filter({ hasText: 'search-ranking' }).waitFor();
    await page.getByRole('switch', { name: 'search-ranking in development' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('marks favourites, which the API then lists first for this user', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add dark-mode to favorites' }).click();
    await page.getByRole('button', { name: 'Remove dark-mode from favorites' }).waitFor();
    const favorites: SearchAnswer = await page.evaluate(`fetch('api/admin/search/features?favorite=IS:true').then((res) => res.json())`);
    expect(favorites.features.map((feature: { name: string }) => feature.name)).toEqual(['dark-mode']);
  });

  it('switches to the dark theme, which passes axe too, and fits a 375 px wide screen', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'dark-mode' }).waitFor();
    await page.getByRole('button', { name: 'Use dark theme' }).click();
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'flags-page-dark');
    await page.getByRole('button', { name: 'Use light theme' }).click();
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.reload();
      await page.getByRole('switch', { name: 'dark-mode in production' }).waitFor();
      // The table scrolls in its own box; the page itself does not scroll sideways.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(page, 'flags-page-375');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('opens the command menu with Ctrl-K and jumps to a page by name', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'dark-mode' }).waitFor();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('searchbox', { name: 'Search flags, projects and pages' });
    await search.fill('proj');
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await page.waitForURL(/\/projects$/);
  });
});
