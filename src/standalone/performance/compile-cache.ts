// Performance mechanism (src/standalone/performance/README.md): V8's code cache for the standalone start.
// Private API: Node's CommonJS loader (Module.prototype._compile, Module._resolveFilename, _resolveLookupPaths).
// Bought: about 190 ms of a ~1 s cold start on an idle machine (18 % of a start in the mechanisms bench run).
// Off switch: opt-in; no cache unless COMPILE_CACHE_FILE names a file.
// Delete when: `engines` says Node 22 (module.enableCompileCache() does it without touching the loader).
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/** What Node's CommonJS loader offers beyond its typings: the hook a compile cache needs. */
interface CommonJsLoader {
  prototype: { _compile(this: LoadingModule, content: string, filename: string, format?: string): unknown };
  _resolveFilename(request: string, parent: LoadingModule, isMain: boolean, options?: { paths?: string[] }): string;
  _resolveLookupPaths(request: string, parent: LoadingModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
}
interface LoadingModule {
  exports: unknown;
  require(id: string): unknown;
}

interface StoredCode {
  readonly sourceHash: string;
  readonly data: Uint8Array;
}
interface CompiledCode {
  readonly sourceHash: string;
  readonly script: Script;
  readonly reused?: Uint8Array;
}

/**
 * V8's code cache for what the standalone service compiles at start: its bundle and the CommonJS packages it loads
 * from node_modules (TypeORM, the validators, Express, pino, pg: about 850 files). Compiling them is a fifth of a cold
 * start; with the code V8 made on an earlier start, V8 skips parsing and compiling, for the top-level code and for
 * every function that start-up ran. (Node 22 has this built in as `module.enableCompileCache()`; Node 20 does not.)
 *
 * The cache is one file. Each entry is keyed by the file's path and the hash of its source, and V8 itself refuses
 * code made by another V8 version or with other flags; whatever is refused or missing is compiled as usual, and
 * `finish()` then rewrites the file.
 * The file is replaced by rename: instances starting together each write a whole file, and the last one stays.
 */
export class CompileCache {
  private readonly stored: Map<string, StoredCode>;
  private readonly compiled = new Map<string, CompiledCode>();
  private restoreLoader?: () => void;

  /** Without a file, scripts are compiled as usual: nothing is read, covered or written. */
  constructor(private readonly file?: string) {
    this.stored = file ? readStored(file) : new Map();
    dropMainContextLoaderWarning();
  }

  /** Compiles `source` (a script: no import or export statements) for `filename`, with stored code if it fits. */
  compile(filename: string, source: string): Script {
    const sourceHash = hash('sha1', source);
    const stored = this.stored.get(filename);
    const cachedData = stored?.sourceHash === sourceHash ? stored.data : undefined;
    const script = new Script(source, {
      filename,
      cachedData,
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const reused = cachedData && !script.cachedDataRejected ? cachedData : undefined;
    this.compiled.set(filename, { sourceHash, script, reused });
    return script;
  }

  /** Compiles every CommonJS module that Node loads until `finish()` through this cache. */
  coverCommonJsModules(): void {
    if (!this.file) return;
    const loader = Module as unknown as CommonJsLoader;
    const compileModule = loader.prototype._compile;
    const runModule = this.runCommonJsModule.bind(this, loader, compileModule);
    loader.prototype._compile = function (this: LoadingModule, content, filename, format) {
      return runModule(this, content, filename, format);
    };
    this.restoreLoader = () => {
      loader.prototype._compile = compileModule;
    };
  }

  /** What Node's own `Module.prototype._compile` does for a CommonJS module, compiling it through this cache. */
  private runCommonJsModule(
    loader: CommonJsLoader,
    compileModule: CommonJsLoader['prototype']['_compile'],
    module: LoadingModule,
    content: string,
    filename: string,
    format?: string,
  ): unknown {
    if (format === 'module') return compileModule.call(module, content, filename, format);
    let script: Script;
    try {
      // A hashbang is valid only at the very start of a script: the wrapper moves it (Node's own compiler allows it).
      script = this.compile(filename, Module.wrap(content.startsWith('#!') ? `//${content.slice(2)}` : content));
    } catch {
      // Let Node compile what a script cannot hold (ES module syntax in a .js file) and report real syntax errors.
      return compileModule.call(module, content, filename, format);
    }
    const require = Object.assign((id: string) => module.require(id), {
      resolve: Object.assign(
        (request: string, options?: { paths?: string[] }) => loader._resolveFilename(request, module, false, options),
        { paths: (request: string) => loader._resolveLookupPaths(request, module) },
      ),
      // What Node sets (process.mainModule): none, since the service's entry is an ES module.
      main: undefined,
      extensions: loader._extensions,
      cache: loader._cache,
    });
    const run = script.runInThisContext() as (...args: unknown[]) => unknown;
    return run.call(module.exports, module.exports, require, module, filename, dirname(filename));
  }

  /**
   * Stops covering modules, and writes the cache if this start compiled anything without it. Call it once start-up is
   * over: the code V8 made for the functions start-up ran is saved with their scripts. Stored code this start did not
   * use (another database's driver) is kept while its file exists.
   */
  finish(): void {
    this.restoreLoader?.();
    this.restoreLoader = undefined;
    const entries = new Map<string, StoredCode>();
    const changed = this.file !== undefined && [...this.compiled.values()].some((code) => !code.reused);
    if (changed) {
      for (const [filename, stored] of this.stored) if (!this.compiled.has(filename) && existsSync(filename)) entries.set(filename, stored);
      for (const [filename, { sourceHash, script, reused }] of this.compiled)
        entries.set(filename, { sourceHash, data: reused ?? script.createCachedData() });
    }
    this.compiled.clear();
    this.stored.clear();
    if (!changed || !this.file) return;
    const partial = `${this.file}.${process.pid}`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(partial, encode(entries));
      try {
        renameSync(partial, this.file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
    } catch (error) {
      process.emitWarning(`could not write the compile cache ${this.file}: ${(error as Error).message}`);
    }
  }
}

/**
 * A script's dynamic `import()` goes to Node's own ES module loader, resolved from the script's file, as it would in a
 * module Node loaded itself (`vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER`). Node 20 calls that option experimental
 * and says so on stderr at the first such import, which Nest makes at every start (its probe for the microservices
 * package). That one warning is dropped; every other goes out as before.
 */
const MAIN_CONTEXT_LOADER_WARNING = 'vm.USE_MAIN_CONTEXT_DEFAULT_LOADER is an experimental feature';
let mainContextLoaderWarningDropped = false;
function dropMainContextLoaderWarning(): void {
  if (mainContextLoaderWarningDropped) return;
  mainContextLoaderWarningDropped = true;
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === 'string' ? warning : warning.message;
    if (!message.startsWith(MAIN_CONTEXT_LOADER_WARNING)) emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}

/**
 * The file: a 4-byte length, then a JSON index of `[filename, sourceHash, byteLength]`, then the code of each entry in
 * index order. Entries are read as views of the one buffer: nothing is copied, and all of it is garbage after start.
 */
function encode(entries: Map<string, StoredCode>): Buffer {
  const index = Buffer.from(
    JSON.stringify([...entries].map(([filename, { sourceHash, data }]) => [filename, sourceHash, data.byteLength])),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(index.byteLength);
  return Buffer.concat([length, index, ...[...entries.values()].map(({ data }) => data)]);
}

function readStored(file: string): Map<string, StoredCode> {
  const stored = new Map<string, StoredCode>();
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return stored; // The first start: every file is compiled as usual, and the cache written at finish().
  }
  try {
    const indexEnd = 4 + content.readUInt32LE(0);
    const index = JSON.parse(content.toString('utf8', 4, indexEnd)) as [string, string, number][];
    let offset = indexEnd;
    for (const [filename, sourceHash, byteLength] of index) {
      if (offset + byteLength > content.byteLength) throw new RangeError('the file is shorter than its index says');
      stored.set(filename, { sourceHash, data: content.subarray(offset, (offset += byteLength)) });
    }
    return stored;
  } catch {
    return new Map(); // Unreadable: compiled as usual, and written anew.
  }
}
