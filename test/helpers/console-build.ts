import { execFileSync } from 'node:child_process';
import { buildOnce, buildService } from './service-process.js';

export const CONSOLE_INPUTS = [
  'console/src',
  'console/index.html',
  'console/vite.config.ts',
  'scripts/build-console.mjs',
  'scripts/console-api.mjs',
  'scripts/console-types.mjs',
  'package.json',
];

/**
 * Builds the web console (`npm run build:console`) unless dist/console is newer than its sources; its API types come
 * from the compiled service, which is brought up to date first.
 */
export async function buildConsole(): Promise<void> {
  await buildService();
  await buildOnce('dist/console/index.html', CONSOLE_INPUTS, () => execFileSync('npm', ['run', 'build:console'], { stdio: 'inherit' }));
}

/** How long a first build may take on a loaded machine. */
export const CONSOLE_BUILD_TIMEOUT_MS = 600_000;
