import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompileCache } from './compile-cache.js';

/** A CompileCache that records, for each file it compiled, whether V8 took stored code for it. */
class RecordingCompileCache extends CompileCache {
  readonly tookStoredCode = new Map<string, boolean>();

  override compile(filename: string, source: string) {
    const script = super.compile(filename, source);
    this.tookStoredCode.set(filename, script.cachedDataRejected === false);
    return script;
  }
}

const SCRIPT = '(function (value) { return value * 6; })';

describe('CompileCache', () => {
  let folder: string;
  let cacheFile: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'flagwright-compile-cache-'));
    cacheFile = join(folder, 'cache', 'compile-cache.bin');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('compiles without stored code on the first start, and with it on the next', () => {
    const first = new RecordingCompileCache(cacheFile);
    const compiled = first.compile('/service.cjs', SCRIPT).runInThisContext() as (value: number) => number;
    expect(compiled(7)).toBe(42);
    expect(first.tookStoredCode.get('/service.cjs')).toBe(false);
    first.finish();

    const next = new RecordingCompileCache(cacheFile);
    expect((next.compile('/service.cjs', SCRIPT).runInThisContext() as (value: number) => number)(7)).toBe(42);
    expect(next.tookStoredCode.get('/service.cjs')).toBe(true);
  });

  it('compiles a changed source without the code stored for the old one, and stores the new', () => {
    const first = new CompileCache(cacheFile);
    first.compile('/service.cjs', SCRIPT);
    first.finish();

    const changed = SCRIPT.replace('6', '7');
    const second = new RecordingCompileCache(cacheFile);
    expect((second.compile('/service.cjs', changed).runInThisContext() as (value: number) => number)(6)).toBe(42);
    expect(second.tookStoredCode.get('/service.cjs')).toBe(false);
    second.finish();

    const third = new RecordingCompileCache(cacheFile);
    third.compile('/service.cjs', changed);
    expect(third.tookStoredCode.get('/service.cjs')).toBe(true);
  });

  it('leaves the file alone when every script took its stored code', () => {
    const first = new CompileCache(cacheFile);
    first.compile('/service.cjs', SCRIPT);
    first.finish();
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(cacheFile, past, past);

    const next = new CompileCache(cacheFile);
    next.compile('/service.cjs', SCRIPT);
    next.finish();
    expect(statSync(cacheFile).mtime).toEqual(past);
  });

  it("keeps stored code a start did not use while its file exists (the other database's driver), and drops the rest", () => {
    const present = join(folder, 'present.js');
    writeFileSync(present, SCRIPT);
    const first = new CompileCache(cacheFile);
    first.compile(present, SCRIPT);
    first.compile(join(folder, 'deleted.js'), SCRIPT);
    first.finish();

    const second = new CompileCache(cacheFile);
    second.compile('/service.cjs', SCRIPT);
    second.finish();

    const third = new RecordingCompileCache(cacheFile);
    for (const file of [present, join(folder, 'deleted.js'), '/service.cjs']) third.compile(file, SCRIPT);
    expect(Object.fromEntries(third.tookStoredCode)).toEqual({
      [present]: true,
      [join(folder, 'deleted.js')]: false,
      '/service.cjs': true,
    });
  });

  it('compiles everything as usual when the file is not a cache, and writes it anew', () => {
    mkdirSync(join(folder, 'cache'));
    writeFileSync(cacheFile, 'not a compile cache');
    const first = new RecordingCompileCache(cacheFile);
    first.compile('/service.cjs', SCRIPT);
    expect(first.tookStoredCode.get('/service.cjs')).toBe(false);
    first.finish();

    const next = new RecordingCompileCache(cacheFile);
    next.compile('/service.cjs', SCRIPT);
    expect(next.tookStoredCode.get('/service.cjs')).toBe(true);
  });

  it('without a file, compiles as usual and covers and writes nothing', () => {
    const loader = Module.prototype as unknown as { _compile: unknown };
    const original = loader._compile;
    const cache = new RecordingCompileCache(undefined);
    cache.coverCommonJsModules();
    expect(loader._compile).toBe(original);
    expect((cache.compile('/service.cjs', SCRIPT).runInThisContext() as (value: number) => number)(7)).toBe(42);
    expect(cache.tookStoredCode.get('/service.cjs')).toBe(false);
    cache.finish();
    expect(readdirSync(folder)).toEqual([]);
  });

  it("lets a script's dynamic import load through Node's loader, from the script's file, without a warning", async () => {
    writeFileSync(join(folder, 'answer.mjs'), 'export const answer = 42;');
    const warnings: string[] = [];
    const record = (warning: Error) => warnings.push(warning.message);
    process.on('warning', record);
    try {
      const cache = new CompileCache(cacheFile);
      const script = cache.compile(join(folder, 'service.cjs'), 'import("./answer.mjs").then((module) => module.answer)');
      expect(await (script.runInThisContext() as Promise<number>)).toBe(42);
      // Node says it once per process: say it again, as a test run may already have used the option.
      process.emitWarning(
        'vm.USE_MAIN_CONTEXT_DEFAULT_LOADER is an experimental feature and might change at any time',
        'ExperimentalWarning',
      );
      process.emitWarning('another warning');
      await new Promise((done) => setImmediate(done));
      expect(warnings).toEqual(['another warning']);
    } finally {
      process.off('warning', record);
    }
  });

  it('warns, and goes on, when the cache cannot be written', () => {
    const blocker = join(folder, 'a-file');
    writeFileSync(blocker, '');
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const cache = new CompileCache(join(blocker, 'compile-cache.bin'));
      cache.compile('/service.cjs', SCRIPT);
      expect(() => cache.finish()).not.toThrow();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/^could not write the compile cache .*a-file\/compile-cache\.bin: EEXIST/);
    } finally {
      warn.mockRestore();
    }
  });

  describe('for CommonJS modules', () => {
    const requireHere = createRequire(import.meta.url);

    /** Requires `file` afresh (and the files it requires), as a new process would. */
    const load = (file: string): unknown => {
      for (const cached of Object.keys(requireHere.cache)) if (cached.startsWith(folder)) delete requireHere.cache[cached];
      return requireHere(file);
    };

    beforeEach(() => {
      writeFileSync(join(folder, 'package.json'), '{"type": "commonjs"}');
      writeFileSync(join(folder, 'helper.js'), 'exports.twice = (value) => value * 2;');
      writeFileSync(
        join(folder, 'main.js'),
        `#!/usr/bin/env node
const { twice } = require('./helper');
module.exports = {
  answer: twice(21),
  filename: __filename,
  dirname: __dirname,
  resolved: require.resolve('./helper'),
  lookupPaths: require.resolve.paths('some-package'),
  self: this === module.exports,
  main: require.main,
};`,
      );
    });

    it('runs them as Node does, and takes stored code on the next start', () => {
      const first = new RecordingCompileCache(cacheFile);
      first.coverCommonJsModules();
      let loaded: unknown;
      try {
        loaded = load(join(folder, 'main.js'));
      } finally {
        first.finish();
      }
      expect(loaded).toEqual({
        answer: 42,
        filename: join(folder, 'main.js'),
        dirname: folder,
        resolved: join(folder, 'helper.js'),
        lookupPaths: expect.arrayContaining([join(folder, 'node_modules')]) as unknown,
        self: true,
        main: undefined,
      });
      expect(Object.fromEntries(first.tookStoredCode)).toEqual({
        [join(folder, 'main.js')]: false,
        [join(folder, 'helper.js')]: false,
      });

      const next = new RecordingCompileCache(cacheFile);
      next.coverCommonJsModules();
      try {
        expect(load(join(folder, 'main.js'))).toEqual(loaded);
      } finally {
        next.finish();
      }
      expect(Object.fromEntries(next.tookStoredCode)).toEqual({
        [join(folder, 'main.js')]: true,
        [join(folder, 'helper.js')]: true,
      });
    });

    it("leaves what a script cannot compile to Node, which reports the module's own syntax error", () => {
      writeFileSync(join(folder, 'broken.js'), 'module.exports = (;');
      const cache = new RecordingCompileCache(cacheFile);
      cache.coverCommonJsModules();
      try {
        expect(() => load(join(folder, 'broken.js'))).toThrow(SyntaxError);
      } finally {
        cache.finish();
      }
      expect(cache.tookStoredCode.size).toBe(0);
    });

    it("gives Node's loader back at finish", () => {
      const loader = Module.prototype as unknown as { _compile: unknown };
      const original = loader._compile;
      const cache = new RecordingCompileCache(cacheFile);
      cache.coverCommonJsModules();
      expect(loader._compile).not.toBe(original);
      cache.finish();
      expect(loader._compile).toBe(original);
      load(join(folder, 'main.js'));
      expect(cache.tookStoredCode.size).toBe(0);
    });
  });
});
