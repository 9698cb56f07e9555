import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildOnce } from './service-process.js';

const CONSOLE_INPUTS = [
  'console/src',
  'console/index.html',
  'console/vite.config.ts',
  'scripts/build-console.mjs',
  'scripts/console-api.mjs',
  'package.json',
];

/**
 * Builds the web console (`npm run build:console`) unless dist/console is newer than its sources; its API types come
 * from the compiled service, compiled first when it is missing.
 */
export const buildConsole = (): Promise<void> =>
  buildOnce('dist/console/index.html', CONSOLE_INPUTS, () => {
    if (!existsSync('dist/src/standalone/app.module.js')) execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
    execFileSync('npm', ['run', 'build:console'], { stdio: 'inherit' });
  });

/** How long a first build may take on a loaded machine. */
export const CONSOLE_BUILD_TIMEOUT_MS = 600_000;
