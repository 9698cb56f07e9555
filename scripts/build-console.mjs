// Builds the web console into dist/console (run by `npm run build`, after the service, whose OpenAPI document
// it needs): the API's types from the document, the console's type check (a changed API fails here), Vite's build,
// a gzip copy of each text file (served to browsers that accept it), and the budgets of what the flags page loads and
// of what the console adds to the npm package.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const OUT = 'dist/console';
/** JavaScript and CSS loaded before the flags page is usable, compressed (issue 36's budget). */
const FLAGS_PAGE_BUDGET_BYTES = 300 * 1024;
/** What dist/console adds to the npm package (`files` ships all of it), unpacked (issue 36's budget). */
const PACKAGE_GROWTH_BUDGET_BYTES = 3 * 1024 * 1024;

// A production build whatever the caller's NODE_ENV (Vitest runs with `test`): Vite and React read it.
process.env.NODE_ENV = 'production';

/** Runs a Node script as a child process; resolves with its exit code. */
async function run(args) {
  const [code] = await once(spawn(process.execPath, args, { stdio: 'inherit' }), 'exit');
  return code;
}
// The API's types first (the type check reads them, and a build whose output is older than them counts as stale);
// then the type check side by side with Vite's build, which needs neither (types are erased): the check, the longest
// step, hides the build's time. A failed step still fails the console's build.
if ((await run(['scripts/console-api.mjs'])) !== 0) process.exit(1);
const typeCheck = run(['node_modules/typescript/bin/tsc', '-p', 'console/tsconfig.json']);
await build({ configFile: 'console/vite.config.ts', logLevel: 'warn' });
if ((await typeCheck) !== 0) {
  process.stderr.write('Console: the type check failed.\n');
  process.exit(1);
}

const manifestFile = join(OUT, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(join(OUT, '.vite'), { recursive: true, force: true });

const gzipped = new Map();
for (const file of Object.values(manifest)
  .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
  .concat('index.html', 'favicon.svg')) {
  if (gzipped.has(file)) continue;
  const compressed = gzipSync(readFileSync(join(OUT, file)), { level: 9 });
  writeFileSync(join(OUT, `${file}.gz`), compressed);
  gzipped.set(file, compressed.length);
}

/** A chunk's file, its CSS and everything it imports statically: what loads with it. */
function loadedWith(key, files = new Set()) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) loadedWith(imported, files);
  return files;
}
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const flagsPage = Object.keys(manifest).find((key) => key.endsWith('pages/FlagsPage.tsx'));
const flagsPageFiles = loadedWith(flagsPage, loadedWith(entry));
const flagsPageBytes = [...flagsPageFiles].reduce((sum, file) => sum + gzipped.get(file), 0);
process.stdout.write(
  `Console: the flags page loads ${(flagsPageBytes / 1024).toFixed(1)} KB of JavaScript and CSS (gzip) in ${flagsPageFiles.size} files; budget ${FLAGS_PAGE_BUDGET_BYTES / 1024} KB.\n`,
);
const packageGrowth = readdirSync(OUT, { recursive: true })
  .map((file) => statSync(join(OUT, file)))
  .filter((stats) => stats.isFile())
  .reduce((sum, stats) => sum + stats.size, 0);
process.stdout.write(
  `Console: adds ${(packageGrowth / 1024 / 1024).toFixed(2)} MB (unpacked) to the package; budget ${PACKAGE_GROWTH_BUDGET_BYTES / 1024 / 1024} MB.\n`,
);
if (flagsPageBytes > FLAGS_PAGE_BUDGET_BYTES || packageGrowth > PACKAGE_GROWTH_BUDGET_BYTES) {
  process.stderr.write('Console: over budget.\n');
  process.exit(1);
}
