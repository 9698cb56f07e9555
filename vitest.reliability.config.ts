import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:reliability`: the slow parts of the reliability suite (issue 14), which `npm test` does not run. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/reliability/**/*.reliability-spec.ts'], testTimeout: 300_000 },
});
