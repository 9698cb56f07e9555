import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/architecture.md's lists, held to the code: the module folders its layout names and the module table's
 * imports. (module-boundaries, table-owners and dependency-cruiser hold the code itself.)
 */
const root = process.cwd();
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const modules = readdirSync(join(root, 'src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** The folders that are Nest modules (`console/` is not: FlagwrightModule provides its ConsoleServer itself). */
const nestModules = modules.filter((name) => existsSync(join(root, 'src/modules', name, `${name}.module.ts`)));

/** The folder whose index.ts exports `className` (a Nest module class). */
function folderExporting(className: string): string {
  const folder = modules.find((name) =>
    new RegExp(`\\b${className}\\b`).test(readFileSync(join(root, 'src/modules', name, 'index.ts'), 'utf8')),
  );
  return folder ?? `\`${className}\``;
}

describe('docs/architecture.md', () => {
  it('names every module folder in its layout, and no other', () => {
    const layout = architecture.slice(architecture.indexOf('  modules/'), architecture.indexOf('\ntest/'));
    const named = [...layout.matchAll(/\b([a-z-]+)\/(?= |$)/gm)].map((match) => match[1]).filter((name) => name !== 'modules');
    expect(named.sort()).toEqual(modules);
  });

  it("has a row per module in its table, with the module's Nest imports", () => {
    const rows = new Map(
      [...architecture.matchAll(/^\| `([a-z-]+)` \| ([^|]+) \|/gm)].map((match) => [
        match[1],
        match[2].trim() === '—' ? [] : match[2].split(',').map((name) => name.trim()),
      ]),
    );
    expect([...rows.keys()].sort()).toEqual(nestModules);
    for (const name of nestModules) {
      const source = readFileSync(join(root, 'src/modules', name, `${name}.module.ts`), 'utf8');
      const imports = /imports: \[([^\]]*)\]/.exec(source)?.[1] ?? '';
      const declared = imports
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(folderExporting);
      expect(rows.get(name)!.sort(), name).toEqual(declared.sort());
    }
  });
});
