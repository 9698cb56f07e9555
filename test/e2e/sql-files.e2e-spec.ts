import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- a plain ES module script without typings; sqlFiles() answers Map<path, content>.
import { sqlFiles } from '../../scripts/sql-statements.mjs';

/** sql/*.sql hold every statement of the stores, read models and seeders as SQL, so that review sees SQL change. */
describe('sql/', () => {
  it('is what `npm run sql` writes from the code (run it after changing a statement)', () => {
    const expected = sqlFiles() as Map<string, string>;
    const committed = readdirSync(join(process.cwd(), 'sql')).map((name) => `sql/${name}`);
    expect(committed.sort()).toEqual([...expected.keys()].sort());
    for (const [file, content] of expected) expect(readFileSync(join(process.cwd(), file), 'utf8'), file).toBe(content);
  });

  it('holds the statements of every store', () => {
    expect(readFileSync(join(process.cwd(), 'sql/strategies.sql'), 'utf8')).toContain(
      '-- SqlFeatureStrategyStore.delete\nDELETE FROM flagwright_feature_strategies WHERE id = :strategyId;',
    );
  });
});
