import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsole } from './console-build.js';
import { buildOnce } from './service-process.js';

// The host application of test/packed-host, built as a user builds one: `npm pack` of this repository installed in its
// node_modules, its own sources compiled by tsc against the package's declarations. Everything lives under
// .vitest-tmp/packed-host, inside the repository, so the package's peers (Nest, TypeORM, the drivers) resolve to
// the repository's node_modules: one copy of each, as npm installs peers for a host.

const HOST = '.vitest-tmp/packed-host';
const STAGE = '.vitest-tmp/pack-stage';
const TSC = 'node_modules/typescript/bin/tsc';
/** What the package is made of (`files` in package.json): the library's sources, the built console, the manifest, the docs. */
const PACKAGE_INPUTS = ['src', 'dist/console', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'LICENSE', 'docs'];

/** Where the host is built and installed (its Jest suite runs there). */
export const PACKED_HOST_DIR = HOST;

/** The host's entry point, ready to run with `node`. */
export const PACKED_HOST_MAIN = `${HOST}/dist/main.js`;

/**
 * Packs the package from a staging copy (compiled there, so no other test's `dist` is touched, with the web console
 * as `npm run build` leaves it), installs the tarball in the host's node_modules and compiles the host; skipped when
 * the host is newer than every input.
 */
export async function buildPackedHost(): Promise<void> {
  await buildConsole();
  return buildOnce(PACKED_HOST_MAIN, [...PACKAGE_INPUTS, 'test/packed-host'], () => {
    rmSync(STAGE, { recursive: true, force: true });
    rmSync(HOST, { recursive: true, force: true });
    for (const file of ['package.json', 'README.md', 'LICENSE', 'docs', 'dist/console'])
      cpSync(file, join(STAGE, file), { recursive: true });
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--outDir', join(STAGE, 'dist'), '--sourceMap', 'false'], {
      stdio: 'inherit',
    });
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent'], { cwd: STAGE, stdio: 'ignore' });
    const tarball = readdirSync(STAGE).find((file) => file.endsWith('.tgz'))!;
    const installed = join(HOST, 'node_modules', 'flagwright');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(STAGE, tarball), '-C', installed, '--strip-components=1']);
    for (const file of ['package.json', 'tsconfig.json', 'src', 'jest'])
      cpSync(join('test/packed-host', file), join(HOST, file), { recursive: true });
    execFileSync(process.execPath, [TSC, '-p', join(HOST, 'tsconfig.json')], { stdio: 'inherit' });
    rmSync(STAGE, { recursive: true, force: true });
  });
}
