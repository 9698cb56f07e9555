import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildConsole, CONSOLE_BUILD_TIMEOUT_MS } from './console-build.js';
import type { StandaloneEnvironment } from '../../src/standalone/environment.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from './test-app.js';

/** Debian's chromium package: a browser download is not reachable from the machines the tests run on. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = 'test/browser/screenshots';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ConsoleSession {
  t: TestApp;
  browser: Browser;
  /** Where the service listens, e.g. http://127.0.0.1:40123 */
  origin: string;
  /** A page of a signed-in admin (`admin`), with what the page logged as errors. */
  signedIn: () => Promise<Page>;
  /** The service's answer to an admin API token, for reading results back. */
  api: (path: string) => Promise<unknown>;
  close: () => Promise<void>;
}

export const ADMIN = { username: 'admin', password: 'unleash4all' };

/**
 * The standalone service on its own database, listening on a free port, and one headless Chromium for the test file
 * (a browser per test would cost seconds each).
 */
export async function startConsoleSession(overrides: Partial<StandaloneEnvironment> = {}): Promise<ConsoleSession> {
  await buildConsole();
  const t = await createTestApp({ sdkInProcessEvaluation: false, ...overrides });
  const server = t.app.getHttpServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  return {
    t,
    browser,
    origin,
    signedIn: async () => {
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
      // Shorter than the test's timeout, so a step that waits in vain says which one it was.
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await watchErrors(page);
      await page.goto('/login');
      await page.getByLabel('Username or email').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Flags', level: 1 }).waitFor();
      return page;
    },
    api: async (path) => {
      const res = await t.http().get(path).set('Authorization', ADMIN_TOKEN);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/** The headless Chromium of a test file (a browser per test would cost seconds each); screenshots can be written. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  // As root (CI containers), Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

export const BROWSER_TEST_TIMEOUT_MS = CONSOLE_BUILD_TIMEOUT_MS;

const pageErrors = new WeakMap<Page, string[]>();

/** Errors the page logs (a refused script or style under the Content-Security-Policy among them) fail the test. */
export async function watchErrors(page: Page): Promise<void> {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await page.exposeFunction('reportPolicyViolation', (violation: string) => errors.push(violation));
  // Says where a refused script or style came from; an init script is not subject to the page's policy.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    window.reportPolicyViolation(event.violatedDirective + ' refused ' + JSON.stringify(event.sample) + ' from ' +
      event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber))`);
  page.on('console', (message) => {
    // A refused request's status is the test's business (a 401 before login, a 403 the test causes); refused
    // scripts and styles are reported above, with their source.
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource') && !text.includes('Content Security Policy'))
      errors.push(text);
  });
}

/** The errors the page logged since the last call. */
export function errorsOf(page: Page): string[] {
  const errors = pageErrors.get(page) ?? [];
  return errors.splice(0, errors.length);
}

/** axe's serious and critical violations on the page as shown, by rule and the elements it found. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations: { id: string; impact: string; targets: string[] }[] = await page.evaluate(`axe
    .run(document, { resultTypes: ['violations'] })
    .then((result) => result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) })))`);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}
