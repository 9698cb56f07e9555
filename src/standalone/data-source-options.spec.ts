import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataSourceOptions, loadPostgresDriver } from './data-source-options.js';

describe('dataSourceOptions', () => {
  it('gives TypeORM the pg package as the PostgreSQL driver, so TypeORM does not load it again', () => {
    const options = dataSourceOptions({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/none', databaseFile: '' });
    expect(options.type).toBe('postgres');
    expect((options as { driver?: unknown }).driver).toBe(createRequire(import.meta.url)('pg'));
  });
});

describe('loadPostgresDriver', () => {
  it('leaves the global navigator as it found it', () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    expect(loadPostgresDriver()).toBe(createRequire(import.meta.url)('pg'));
    expect(Object.getOwnPropertyDescriptor(globalThis, 'navigator')).toEqual(before);
  });

  // Node 21 and later define `navigator`, and pg's probe then reads it rather than building a Response: nothing to keep.
  it.skipIf('navigator' in globalThis)("keeps pg's Cloudflare Workers probe from building a fetch Response", () => {
    expect(responsesBuiltWhileLoading(() => createRequire(import.meta.url)('pg'))).toBeGreaterThan(0);
    expect(responsesBuiltWhileLoading(loadPostgresDriver)).toBe(0);
  });
});

/** Loads pg afresh with `load` (putting the loaded copy back afterwards), counting reads of the global Response. */
function responsesBuiltWhileLoading(load: () => unknown): number {
  const require = createRequire(import.meta.url);
  const packageFolder = dirname(require.resolve('pg/package.json'));
  const loaded = Object.entries(require.cache).filter(([file]) => file.startsWith(`${packageFolder}/`));
  for (const [file] of loaded) delete require.cache[file];
  const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  let reads = 0;
  Object.defineProperty(globalThis, 'Response', {
    get: () => {
      reads++;
      return response?.get ? response.get.call(globalThis) : response?.value;
    },
    configurable: true,
  });
  try {
    load();
    return reads;
  } finally {
    if (response) Object.defineProperty(globalThis, 'Response', response);
    for (const [file] of Object.entries(require.cache)) if (file.startsWith(`${packageFolder}/`)) delete require.cache[file];
    for (const [file, module] of loaded) require.cache[file] = module;
  }
}
