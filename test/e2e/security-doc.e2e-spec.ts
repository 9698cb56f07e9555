import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<
  'dependencies' | 'peerDependencies' | 'devDependencies',
  Record<string, string>
>;

/** The packages the first column of docs/security.md's dependency table names. */
function documentedPackages(): string[] {
  const doc = readFileSync('docs/security.md', 'utf8');
  const rows = doc
    .slice(doc.indexOf('### Runtime dependencies'))
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

/** Issue 14, item 7: every package the service runs is explained in docs/security.md, so none arrives unexamined. */
describe('docs/security.md', () => {
  it('explains every dependency and peer dependency of the package, and no package it does not have', () => {
    const documented = documentedPackages();
    const runtime = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)];
    expect(runtime.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !runtime.includes(name) && !(name in manifest.devDependencies))).toEqual([]);
  });
});
