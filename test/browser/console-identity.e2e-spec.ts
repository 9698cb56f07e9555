import type { Page } from 'playwright-core';
import {
  BROWSER_TEST_TIMEOUT_MS,
  type ConsoleSession,
  errorsOf,
  seriousAccessibilityViolations,
  startConsoleSession,
  watchErrors,
} from '../helpers/browser.js';

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await startConsoleSession();
  // Nobody signed in: the pages a person sees before signing in.
  const context = await session.browser.newContext({ baseURL: session.origin, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  await watchErrors(page);
}, BROWSER_TEST_TIMEOUT_MS);
afterAll(() => session?.close());
afterEach(() => expect(errorsOf(page)).toEqual([]));

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
