import { DatabaseChanges } from '../helpers/database-changes.js';
import { databaseSchema } from '../helpers/database-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** The fuzzer's judge of "a refused request changed nothing" must itself see every change, and only changes. */
describe('the change log the fuzzer reads', () => {
  let t: TestApp;
  let changes: DatabaseChanges;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(`CREATE TABLE probe (id integer PRIMARY KEY, name text, settings json, seen_at text)`);
    changes = await DatabaseChanges.watch(t.db, await databaseSchema(t.db), ['seen_at']);
  });
  afterAll(() => t?.close());

  it('names the table of each inserted, updated or deleted row, once per look', async () => {
    await t.db.execute(`INSERT INTO probe (id, name, settings) VALUES (1, 'a', '{"x":1}')`);
    expect(await changes.look()).toEqual(['probe']);
    expect(await changes.look()).toEqual([]);
    await t.db.execute(`UPDATE probe SET settings = '{"x":2}' WHERE id = 1`);
    expect(await changes.look()).toEqual(['probe']);
    await t.db.execute(`DELETE FROM probe WHERE id = 1`);
    expect(await changes.look()).toEqual(['probe']);
  });

  it('ignores updates that change only ignored columns, or nothing', async () => {
    await t.db.execute(`INSERT INTO probe (id, name) VALUES (2, 'b')`);
    await changes.look();
    await t.db.execute(`UPDATE probe SET seen_at = 'now' WHERE id = 2`);
    await t.db.execute(`UPDATE probe SET name = 'b' WHERE id = 2`);
    expect(await changes.look()).toEqual([]);
  });
});
