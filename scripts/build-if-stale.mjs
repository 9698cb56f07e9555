// `npm start`'s prestart: builds when there is no build yet or when anything it is built from (src/, console/, the
// build's configuration and scripts, the lock file) changed after it, so `npm start` never runs a stale dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUTS = ['dist/flagwright.mjs', 'dist/flagwright-service.cjs', 'dist/console/index.html'];
const INPUTS = ['src', 'console', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'package-lock.json'];

/** Written by the build itself (the console's API types, after the service's bundle): not a reason to build again. */
const GENERATED = new Set([join('console', 'src', 'api', 'schema.d.ts')]);

function newest(path) {
  if (GENERATED.has(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = OUTPUTS.every(existsSync) ? Math.min(...OUTPUTS.map((output) => statSync(output).mtimeMs)) : 0;
const changed = Math.max(...INPUTS.filter(existsSync).map(newest));
if (changed > built) {
  console.error(built ? 'flagwright: sources changed since the last build; building.' : 'flagwright: no build yet; building.');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
