import { DataSource, type QueryRunner } from 'typeorm';
import { ChangeWatcher } from '../../src/core/database/change-watcher.js';
import { Database } from '../../src/core/database/database.js';
import { postgresRequested } from '../helpers/database.js';
import { createTestDataLayer } from '../helpers/test-app.js';

/**
 * The triggers that move `flagwright_change_generations` (migrations 1700000008000, 1700000011000, 1700000016000 and,
 * on PostgreSQL, 1700000015000, which runs them when a transaction commits).
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

  it('are known to the ChangeWatcher once a transaction of this instance commits, read inside it on SQLite', async () => {
    const watcher = new ChangeWatcher(db);
    await watcher.onApplicationBootstrap();
    try {
      const before = await watcher.current('sdk');
      const now = db.toTimestamp(new Date());
      await db.transaction(() =>
        db.submit(`INSERT INTO flagwright_features (name, project, created_at) VALUES ('generations-watched', 'generations', :now)`, {
          now,
        }),
      );
      const query = vi.spyOn(db, 'query');
      const after = await watcher.current('sdk');
      const reads = query.mock.calls.length;
      query.mockRestore();
      expect(after).not.toBe(before);
      expect(after).toBe(await sdkGeneration());
      // PostgreSQL reads them after the commit (other instances' commits may come in between there).
      expect(reads).toBe(postgresRequested() ? 1 : 0);
    } finally {
      await watcher.onModuleDestroy();
      await db.execute(`DELETE FROM flagwright_features WHERE name = 'generations-watched'`);
    }
  });

  it('move `sessions`, not `credentials`, when a session ends, so remembered tokens and grants are kept', async () => {
    const generation = async (name: string) =>
      String(
        (await db.one<{ generation: unknown }>(`SELECT generation FROM flagwright_change_generations WHERE name = :name`, { name }))!
          .generation,
      );
    const now = db.toTimestamp(new Date());
    for (const role of ['generations-first', 'generations-second']) {
      await db.execute(`INSERT INTO flagwright_roles (name, type, created_at) VALUES (:role, 'root', :now)`, { role, now });
    }
    const roleId = async (name: string) =>
      (await db.one<{ id: number }>(`SELECT id FROM flagwright_roles WHERE name = :name`, { name }))!.id;
    await db.execute(
      `INSERT INTO flagwright_users (username, name, root_role_id, created_at) VALUES ('generations-user', 'G', :role, :now)`,
      {
        role: await roleId('generations-first'),
        now,
      },
    );
    const { id } = (await db.one<{ id: number }>(`SELECT id FROM flagwright_users WHERE username = 'generations-user'`))!;
    const session = { userId: id, now, later: db.toTimestamp(new Date(Date.now() + 3_600_000)) };
    await db.execute(
      `INSERT INTO flagwright_sessions (id_hash, user_id, created_at, expires_at) VALUES ('generations-a', :userId, :now, :later), ('generations-b', :userId, :now, :later)`,
      session,
    );
    const credentials = await generation('credentials');
    let sessions = await generation('sessions');

    await db.execute(`DELETE FROM flagwright_sessions WHERE id_hash = 'generations-a'`);
    expect(await generation('sessions')).not.toBe(sessions);
    sessions = await generation('sessions');
    await db.execute(`UPDATE flagwright_sessions SET expires_at = :now WHERE id_hash = 'generations-b'`, { now });
    expect(await generation('sessions')).not.toBe(sessions);
    expect(await generation('credentials')).toBe(credentials);

    sessions = await generation('sessions');
    await db.execute(`UPDATE flagwright_users SET root_role_id = :role WHERE id = :userId`, {
      ...session,
      role: await roleId('generations-second'),
    });
    expect(await generation('credentials')).not.toBe(credentials);
    expect(await generation('sessions')).toBe(sessions);
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
