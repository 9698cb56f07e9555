import { statSync } from 'node:fs';
import { buildConsole, CONSOLE_BUILD_TIMEOUT_MS, CONSOLE_INPUTS } from '../helpers/console-build.js';
import { newestChange } from '../helpers/service-process.js';

/**
 * The console's build leaves its output newer than everything it is built from, the API types it writes included:
 * otherwise every test that needs the console (each browser file, the packed host) builds it again, which once made
 * the suite three times slower.
 */
describe('the console’s build', () => {
  it(
    'is fresh once it has run: its page is newer than every input',
    async () => {
      await buildConsole();
      const built = statSync('dist/console/index.html').mtimeMs;
      expect(CONSOLE_INPUTS.filter((input) => newestChange(input) >= built)).toEqual([]);
    },
    CONSOLE_BUILD_TIMEOUT_MS,
  );
});
