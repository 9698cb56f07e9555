import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * One owner per table, derived from the code: the module whose entity file declares a table (`@FlagwrightEntity('name')`;
 * `core` for `core/database/`) is its owner, and no other module's source may write it. Writes are the SQL write
 * statements (INSERT INTO, UPDATE … SET, DELETE FROM; an `ON CONFLICT` upsert is an INSERT INTO) and TypeORM's
 * entity writes, which the service does not use at all (SQL goes through `Database`). The migrations are left out:
 * their triggers (moving `flagwright_change_generations`) are the database's writes, not a module's.
 */
const SRC = join(import.meta.dirname, '..', '..', 'src');
const ARCHITECTURE = join(import.meta.dirname, '..', '..', 'docs', 'architecture.md');

/** `modules/<name>/…` belongs to that module; everything else under src/ (core, standalone, the root) to its top folder. */
function moduleOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'modules') return parts[1];
  return parts.length > 1 ? parts[0] : 'root';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The table each write statement names; `${…}` stands for a table chosen at run time, which no owner can vouch for. */
const WRITE_STATEMENT = /\b(?:INSERT\s+INTO|DELETE\s+FROM|(?<!DO\s+)UPDATE)\s+(\$\{[^}]*\}|[a-z_][a-z0-9_]*)(?=[\s(`]|$)/g;
/** TypeORM's writing APIs: repositories, entity managers and write query builders. */
const TYPEORM_WRITE = /\b(?:getRepository|\.manager\.(?:save|insert|update|delete|remove|upsert)|\.(?:insert|update|delete)\(\)\s*\.)/;

interface WriteMap {
  /** table -> the modules whose source writes it, sorted */
  writers: Map<string, string[]>;
  /** table -> the module whose entity declares it */
  declaredBy: Map<string, string>;
  /** `file: statement` of writes the scan cannot attribute to a declared table, or TypeORM writes */
  unattributed: string[];
}

function scanWrites(files: string[]): WriteMap {
  const declaredBy = new Map<string, string>();
  const writes = new Map<string, Set<string>>();
  const unattributed: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const module = moduleOf(file);
    for (const [, table] of text.matchAll(/@FlagwrightEntity\('([a-z_][a-z0-9_]*)'\)/g)) declaredBy.set(table, module);
    for (const [statement, table] of text.matchAll(WRITE_STATEMENT)) {
      if (table.startsWith('${')) unattributed.push(`${relative(SRC, file)}: ${statement}`);
      else writes.set(table, (writes.get(table) ?? new Set()).add(module));
    }
    if (TYPEORM_WRITE.test(text)) unattributed.push(`${relative(SRC, file)}: TypeORM entity write`);
  }
  for (const table of writes.keys()) if (!declaredBy.has(table)) unattributed.push(`writes to ${table}, which no entity declares`);
  const writers = new Map([...writes].sort(([a], [b]) => a.localeCompare(b)).map(([table, modules]) => [table, [...modules].sort()]));
  return { writers, declaredBy, unattributed };
}

/** The rows of the "Table owners" table in docs/architecture.md: `table` -> `owner`. */
function documentedOwners(): Map<string, string> {
  const section = readFileSync(ARCHITECTURE, 'utf8').split('\n## Table owners')[1]?.split('\n## ')[0] ?? '';
  return new Map([...section.matchAll(/^\| `([a-z_]+)` \| `([a-z-]+)` \|/gm)].map(([, table, owner]) => [table, owner]));
}

describe('table owners', () => {
  const { writers, declaredBy, unattributed } = scanWrites(sourceFiles(SRC));

  it('finds the tables and their writers (the scan sees the code)', () => {
    expect(declaredBy.size).toBeGreaterThan(30);
    expect(writers.get('flagwright_features')).toContain('features');
    expect(writers.get('flagwright_change_generations')).toBeUndefined();
  });

  it('each table is written by one module only: the one whose entity declares it', () => {
    const secondWriters = [...writers]
      .filter(([table, modules]) => modules.length > 1 || modules[0] !== declaredBy.get(table))
      .map(([table, modules]) => `${table} (declared in ${declaredBy.get(table)}) is written by ${modules.join(', ')}`);
    expect(secondWriters).toEqual([]);
  });

  it('every write names a declared table, and none goes through TypeORM entities', () => {
    expect(unattributed).toEqual([]);
  });

  it('docs/architecture.md lists every table with the owner the code shows', () => {
    expect(Object.fromEntries(documentedOwners())).toEqual(Object.fromEntries([...declaredBy].sort(([a], [b]) => a.localeCompare(b))));
  });
});
