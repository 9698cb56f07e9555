// The entry of `npm start`, bundled alone as dist/flagwright.mjs. The service itself is bundled (from main.ts) as the
// CommonJS script dist/flagwright-service.cjs beside it, which this runs through V8's code cache (performance/compile-cache.ts):
// Node 20 keeps no code cache for ES modules, and a start without one spent a fifth of its time compiling.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingReader } from './configuration/settings.js';
import { CompileCache } from './performance/compile-cache.js';

const SERVICE_URL = new URL('./flagwright-service.cjs', import.meta.url);
const SERVICE_FILE = fileURLToPath(SERVICE_URL);
/**
 * Where the code is kept: the file COMPILE_CACHE_FILE names. Unset (or `off`), there is no cache: it is opt-in, as it
 * patches Node's CommonJS loader and runs the code its file holds (src/standalone/performance/README.md). The service
 * checks the rest of the environment (and stops on a bad value) when it starts.
 */
const CACHE_FILE = settingReader(process.env, [])('COMPILE_CACHE_FILE');

/** What the service's code sees as `import.meta` (the bundle maps it to this parameter): this file's, but its own URL. */
const serviceImportMeta = {
  url: SERVICE_URL.href,
  filename: SERVICE_FILE,
  dirname: dirname(SERVICE_FILE),
  // Both files are in one folder: a specifier resolves from here as it would from there.
  resolve: (specifier: string) => import.meta.resolve(specifier),
};

const cache = new CompileCache(CACHE_FILE === 'off' ? undefined : CACHE_FILE);
cache.coverCommonJsModules();
const service = { exports: {} as { listening?: Promise<void> } };
// The file is one function expression (scripts/bundle.mjs wraps it): (exports, require, module, __filename, __dirname,
// import.meta).
const run = cache.compile(SERVICE_FILE, readFileSync(SERVICE_FILE, 'utf8')).runInThisContext() as (...args: unknown[]) => void;
run(service.exports, createRequire(SERVICE_FILE), service, SERVICE_FILE, dirname(SERVICE_FILE), serviceImportMeta);
await service.exports.listening;
cache.finish();
