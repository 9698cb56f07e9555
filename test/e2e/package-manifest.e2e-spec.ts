import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import semver from 'semver';

/**
 * What a host gets when it installs the package: its own copies of nothing it shares with Nest (peers), no driver it
 * did not choose, nothing only the standalone service uses, and only the compiled library in the tarball.
 */
interface Manifest {
  engines: { node: string };
  exports: Record<string, string | Record<'types' | 'default', string>>;
  files: string[];
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}

interface LockedPackage {
  dependencies?: Record<string, string>;
  engines?: { node?: string } | string[];
}

const ROOT = process.cwd();
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** The packages a host shares with Nest and TypeORM: one copy each, the host's. */
const SHARED_WITH_HOST = ['typeorm', '@nestjs/typeorm', 'class-validator', 'class-transformer', 'reflect-metadata', 'rxjs'];
const DRIVERS = ['better-sqlite3', 'pg'];
/** Node versions the package supports (`engines`): the first release of each line from 20.19 on. */
const SUPPORTED_NODES = ['20.19.0', '22.12.0', '24.0.0'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const ALL_SOURCES = sourceFiles(join(ROOT, 'src')).filter((file) => !file.endsWith('.spec.ts'));
const isStandalone = (file: string) => file === 'src/main.ts' || file.startsWith('src/standalone/');
/** The library: what `files` ships, and what a host loads. */
const LIBRARY_SOURCES = ALL_SOURCES.filter((file) => !isStandalone(file) && !file.includes('/testing/'));
const STANDALONE_SOURCES = ALL_SOURCES.filter(isStandalone);

/**
 * The packages the files import, require or resolve (a worker thread's code loads what the file resolves for it;
 * types included: the declarations a host compiles against name them too).
 */
function importedPackages(files: string[]): Set<string> {
  // A package name holds no white space: without that rule, prose ending in "import" inside a string matched.
  const specifier = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\w*\(\s*|\.resolve\(\s*)'([^'./\s][^'\s]*)'/g;
  const packages = new Set<string>();
  for (const file of files) {
    for (const [, name] of readFileSync(join(ROOT, file), 'utf8').matchAll(specifier)) {
      if (name.startsWith('node:')) continue;
      packages.add(
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    }
  }
  return packages;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the package manifest', () => {
  const library = importedPackages(LIBRARY_SOURCES);
  const peers = Object.keys(manifest.peerDependencies);
  // reflect-metadata, which main.ts loads first, is a peer the library needs as much as Nest does.
  const standaloneOnly = sorted([...importedPackages(STANDALONE_SOURCES)].filter((name) => !library.has(name) && !peers.includes(name)));

  it('declares every package the library imports, as a dependency or a peer, and no dependency it does not import', () => {
    expect(sorted(library)).toContain('@nestjs/common');
    expect(sorted([...library].filter((name) => !(name in manifest.dependencies) && !peers.includes(name)))).toEqual([]);
    expect(sorted(Object.keys(manifest.dependencies))).toEqual(sorted([...library].filter((name) => !peers.includes(name))));
  });

  it('makes Nest, TypeORM, the validators, rxjs and reflect-metadata peers, with ranges that hold the versions we test', () => {
    const nest = [...library].filter((name) => name.startsWith('@nestjs/'));
    expect(sorted(peers)).toEqual(expect.arrayContaining(sorted([...nest, ...SHARED_WITH_HOST])));
    for (const name of peers) {
      expect({ name, range: manifest.peerDependencies[name] }).toEqual({ name, range: expect.stringMatching(/^\^\d+\.\d+\.\d+$/) });
      expect({ name, pinned: manifest.devDependencies[name] }).toEqual({ name, pinned: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
      expect({ name, tested: semver.satisfies(manifest.devDependencies[name], manifest.peerDependencies[name]) }).toEqual({
        name,
        tested: true,
      });
    }
  });

  it('leaves the database drivers to the host: optional peers', () => {
    for (const driver of DRIVERS) {
      expect(manifest.dependencies).not.toHaveProperty(driver);
      expect(manifest.peerDependencies).toHaveProperty(driver);
      expect(manifest.peerDependenciesMeta[driver]).toEqual({ optional: true });
    }
  });

  it('installs nothing only the standalone service uses into a host', () => {
    expect(standaloneOnly).toEqual(expect.arrayContaining(['@nestjs/config', 'pino', 'helmet']));
    for (const name of standaloneOnly) {
      expect({ name, dependency: name in manifest.dependencies, peer: peers.includes(name) }).toEqual({
        name,
        dependency: false,
        peer: false,
      });
      expect(manifest.devDependencies).toHaveProperty(name);
    }
  });

  it('asks for no Node version its engines allow but something it installs refuses (no EBADENGINE)', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
    // npm's resolution: a package's own node_modules first, then each enclosing one up to the root.
    const resolve = (from: string, name: string): string => {
      for (let at = from; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/')))) {
        const key = `${at ? `${at}/` : ''}node_modules/${name}`;
        if (lock.packages[key]) return key;
        if (!at) throw new Error(`${name} (needed by ${from || 'the package'}) is not in package-lock.json`);
      }
    };
    const installed = new Set<string>();
    const visit = (key: string) => {
      if (installed.has(key)) return;
      installed.add(key);
      for (const name of Object.keys(lock.packages[key].dependencies ?? {})) visit(resolve(key, name));
    };
    for (const name of Object.keys(manifest.dependencies)) visit(resolve('', name));
    expect(installed.size).toBeGreaterThan(Object.keys(manifest.dependencies).length);

    const refusals = [...installed].flatMap((key) => {
      const engines = lock.packages[key].engines;
      const range = Array.isArray(engines) ? undefined : engines?.node;
      return range
        ? SUPPORTED_NODES.filter((node) => !semver.satisfies(node, range)).map((node) => `${key} wants ${range}, not ${node}`)
        : [];
    });
    expect(refusals).toEqual([]);
    expect(SUPPORTED_NODES.every((node) => semver.satisfies(node, manifest.engines.node))).toBe(true);
  });

  /** What `npm run build:console` writes: the page, the hashed assets, and a gzip copy of each. */
  const CONSOLE_BUILD = [
    'index.html',
    'index.html.gz',
    'favicon.svg',
    'favicon.svg.gz',
    'assets/index-Cx1.js',
    'assets/index-Cx1.js.gz',
    'assets/index-Cx2.css',
  ].map((file) => `dist/console/${file}`);

  it('packs only the compiled library, its declarations and the docs (npm pack --dry-run on a built tree)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagwright-pack-'));
    try {
      for (const file of ['package.json', 'README.md', 'LICENSE', '.gitignore', 'docs'])
        cpSync(join(ROOT, file), join(dir, file), { recursive: true });
      // What `npm run build` leaves in dist: every source compiled with declarations and maps, the bundle, the benchmarks.
      const built = [
        ...ALL_SOURCES.flatMap((file) => ['.js', '.d.ts', '.js.map'].map((ext) => `dist/${file.replace(/\.ts$/, ext)}`)),
        'dist/flagwright.mjs',
        'dist/flagwright.mjs.map',
        'dist/ormconfig.js',
        'dist/bench/run.js',
        ...CONSOLE_BUILD,
      ];
      for (const file of built) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), '');
      }

      const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
      const [{ files }] = JSON.parse(output) as [{ files: { path: string }[] }];
      const expected = [
        'package.json',
        'README.md',
        'LICENSE',
        'docs/embedding.md',
        'docs/architecture.md',
        'docs/permissions.md',
        ...LIBRARY_SOURCES.flatMap((file) => ['.js', '.d.ts'].map((ext) => `dist/${file.replace(/\.ts$/, ext)}`)),
        // The web console, prebuilt: the module serves it (docs/console.md).
        ...CONSOLE_BUILD,
      ];
      expect(sorted(files.map((file) => file.path))).toEqual(sorted(expected));
      // Every entry the exports map names is packed, and nothing else is reachable: no deep import into dist.
      const entries = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
      expect(entries.map((entry) => entry.replace(/^\.\//, '')).filter((entry) => !files.some((file) => file.path === entry))).toEqual([]);
      expect(Object.keys(manifest.exports)).toEqual(['.', './testing', './package.json']);
      // "A few hundred": one .js and one .d.ts per library module (about 500 of them), the docs and the manifest; and
      // the console's files. The list above is exact; this bound says when the library's size itself needs a look.
      expect(files.filter((file) => !file.path.startsWith('dist/console/')).length).toBeLessThanOrEqual(1200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
