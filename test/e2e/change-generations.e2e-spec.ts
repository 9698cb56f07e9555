import { DataSource, type QueryRunner } from 'typeorm';
import { Database } from '../../src/core/database/database.js';
import { postgresRequested } from '../helpers/database.js';
import { createTestDataLayer } from '../helpers/test-app.js';

/**
 * The triggers that move `flagwright_change_generations` (migrations 1700000008000, 1700000011000 and, on PostgreSQL,
 * 1700000015000, which runs them when a transaction commits).
 */
describe('change generations', () => {
  let dataSource: DataSource;
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ dataSource, db, close } = await createTestDataLayer());
    await db.execute(`INSERT INTO flagwright_projects (id, name, created_at) VALUES ('generations', 'generations', :now)`, {
      now: db.toTimestamp(new Date()),
    });
  });

  afterAll(async () => {
    await close?.();
  });

  const sdkGeneration = async () =>
    String((await db.one<{ generation: unknown }>(`SELECT generation FROM flagwright_change_generations WHERE name = 'sdk'`))!.generation);

  const addFeature = (runner: QueryRunner, name: string) =>
    runner.query(
      dataSource.options.type === 'postgres'
        ? `INSERT INTO flagwright_features (name, project, created_at) VALUES ($1, 'generations', now())`
        : `INSERT INTO flagwright_features (name, project, created_at) VALUES (?, 'generations', '2026-01-01 00:00:00.000')`,
      [name],
    );

  it('move with a committed write of their kind, and not with a rolled-back one', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      const before = await sdkGeneration();
      await runner.startTransaction();
      await addFeature(runner, 'generations-rolled-back');
      await runner.rollbackTransaction();
      expect(await sdkGeneration()).toBe(before);

      await runner.startTransaction();
      await addFeature(runner, 'generations-a');
      await addFeature(runner, 'generations-b');
      await runner.commitTransaction();
      expect(await sdkGeneration()).not.toBe(before);
    } finally {
      await runner.release();
    }
  });

  it.runIf(postgresRequested())('do not make concurrent writes of their kind wait for each other until commit (PostgreSQL)', async () => {
    const first = dataSource.createQueryRunner();
    const second = dataSource.createQueryRunner();
    try {
      const before = await sdkGeneration();
      await first.startTransaction();
      await addFeature(first, 'generations-first');
      await second.startTransaction();
      // Moved at the first write, the generation row stayed locked by the open first transaction: this timed out.
      await second.query(`SET LOCAL lock_timeout = '1s'`);
      await addFeature(second, 'generations-second');
      await second.commitTransaction();
      const afterSecond = await sdkGeneration();
      expect(afterSecond).not.toBe(before);
      await first.commitTransaction();
      expect(await sdkGeneration()).not.toBe(afterSecond);
      const names = await db.query<{ name: string }>(`SELECT name FROM flagwright_features WHERE name LIKE 'generations-%' ORDER BY name`);
      expect(names.map((row) => row.name)).toEqual(['generations-a', 'generations-b', 'generations-first', 'generations-second']);
    } finally {
      await first.release();
      await second.release();
    }
  });
});
