import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'flagwright';

/**
 * The version in the service's own package.json, found by walking up from this file: the same code runs from `src/`
 * (tests), `dist/src/` (the standalone build) and `node_modules/flagwright/dist/src/` (a host), at different depths.
 */
export function serviceVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === PACKAGE_NAME && manifest.version) return manifest.version;
    } catch {
      // No package.json here: keep walking up.
    }
    const parent = dirname(directory);
    if (parent === directory) return 'unknown';
    directory = parent;
  }
}
