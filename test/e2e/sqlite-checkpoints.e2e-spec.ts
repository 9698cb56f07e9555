import { copyFileSync, existsSync, rmSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/core/database/database.js';
import { BACKSTOP_CHECKPOINT_PAGES, CHECKPOINT_PASS_MS, SqliteCheckpoints } from '../../src/standalone/sqlite-checkpoints.js';
import { postgresRequested } from '../helpers/database.js';
import { createTestDataLayer } from '../helpers/test-app.js';

const TAG_TYPES = 40;

/** Tag types written one transaction each (well under SQLite's own checkpoint at 1,000 WAL pages). */
async function writeTagTypes(db: Database, first = 0): Promise<void> {
  for (let i = first; i < first + TAG_TYPES; i++) {
    await db.execute(`INSERT INTO flagwright_tag_types (name, description, icon, color, created_at) VALUES (:name, '', NULL, NULL, :now)`, {
      name: `checkpoint-${i}`,
      now: db.toTimestamp(new Date()),
    });
  }
}

/** The tag types the database file itself holds, its WAL left aside: only what a checkpoint copied there. */
function tagTypesInDatabaseFile(file: string): number {
  const copy = `${file}.copy`;
  copyFileSync(file, copy);
  try {
    const sqlite = new Sqlite(copy, { readonly: true });
    try {
      // Even the schema may still be in the WAL alone.
      if (!sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'flagwright_tag_types'`).get()) return 0;
      return (sqlite.prepare(`SELECT COUNT(*) AS n FROM flagwright_tag_types WHERE name LIKE 'checkpoint-%'`).get() as { n: number }).n;
    } finally {
      sqlite.close();
    }
  } finally {
    rmSync(copy, { force: true });
  }
}

const autocheckpoint = (layer: Awaited<ReturnType<typeof createTestDataLayer>>) =>
  (layer.dataSource.driver as unknown as { databaseConnection: Sqlite.Database }).databaseConnection.pragma('wal_autocheckpoint', {
    simple: true,
  });

// SQLite only: the checkpoints of a database file's WAL (PostgreSQL checkpoints on its own).
describe.skipIf(postgresRequested())('SQLite checkpoints (standalone)', () => {
  let layer: Awaited<ReturnType<typeof createTestDataLayer>> | undefined;
  let checkpoints: SqliteCheckpoints | undefined;

  afterEach(async () => {
    vi.restoreAllMocks();
    await checkpoints?.onModuleDestroy();
    await layer?.close();
    checkpoints = layer = undefined;
  });

  it('leave the WAL to the service connection without the worker: written pages stay out of the database file', async () => {
    layer = await createTestDataLayer();
    await writeTagTypes(layer.db);
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_PASS_MS.idle * 2));
    expect(autocheckpoint(layer)).toBe(1_000);
    expect(tagTypesInDatabaseFile(String(layer.dataSource.options.database))).toBe(0);
  });

  it('are made by the worker as writes come in, and the service connection keeps only a backstop', async () => {
    layer = await createTestDataLayer();
    const { db } = layer;
    checkpoints = new SqliteCheckpoints(layer.dataSource, () => db);
    checkpoints.onApplicationBootstrap();
    expect(autocheckpoint(layer)).toBe(BACKSTOP_CHECKPOINT_PAGES);
    // No worker until something is written.
    expect(checkpoints.working).toBe(false);
    await writeTagTypes(db);
    expect(checkpoints.working).toBe(true);
    const file = String(layer.dataSource.options.database);
    await expect.poll(() => tagTypesInDatabaseFile(file), { timeout: 5_000, interval: 50 }).toBe(TAG_TYPES);
  });

  it('stop the worker once no write came for a while, after a last pass; the next write starts another', async () => {
    layer = await createTestDataLayer();
    const { db } = layer;
    const idleMs = 300;
    checkpoints = new SqliteCheckpoints(layer.dataSource, () => db, idleMs);
    checkpoints.onApplicationBootstrap();
    const file = String(layer.dataSource.options.database);
    await writeTagTypes(db);
    expect(checkpoints.working).toBe(true);
    await expect.poll(() => checkpoints!.working, { timeout: 5_000, interval: 20 }).toBe(false);
    expect(tagTypesInDatabaseFile(file)).toBe(TAG_TYPES);
    expect(autocheckpoint(layer)).toBe(BACKSTOP_CHECKPOINT_PAGES);
    await writeTagTypes(db, TAG_TYPES);
    expect(checkpoints.working).toBe(true);
    await expect.poll(() => tagTypesInDatabaseFile(file), { timeout: 5_000, interval: 50 }).toBe(2 * TAG_TYPES);
  });

  it('keep the worker while writes keep coming', async () => {
    layer = await createTestDataLayer();
    const { db } = layer;
    const idleMs = 200;
    checkpoints = new SqliteCheckpoints(layer.dataSource, () => db, idleMs);
    checkpoints.onApplicationBootstrap();
    // A write every 50 ms for five idle periods.
    for (let i = 0; i < 20; i++) {
      await writeTagTypes(db, i * TAG_TYPES);
      expect(checkpoints.working).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('stop copying once the module is destroyed; the last connection to close folds the WAL in and removes it', async () => {
    layer = await createTestDataLayer();
    const { db } = layer;
    checkpoints = new SqliteCheckpoints(layer.dataSource, () => db);
    checkpoints.onApplicationBootstrap();
    const file = String(layer.dataSource.options.database);
    await writeTagTypes(layer.db);
    await expect.poll(() => tagTypesInDatabaseFile(file), { timeout: 5_000, interval: 50 }).toBe(TAG_TYPES);
    await checkpoints.onModuleDestroy();
    checkpoints = undefined;
    await writeTagTypes(layer.db, TAG_TYPES);
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_PASS_MS.idle * 2));
    expect(tagTypesInDatabaseFile(file)).toBe(TAG_TYPES);
    await layer.dataSource.destroy();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(tagTypesInDatabaseFile(file)).toBe(2 * TAG_TYPES);
  });

  it('hand checkpoints back to the service connection when the worker cannot run', async () => {
    layer = await createTestDataLayer();
    const { dataSource } = layer;
    // The worker is pointed at a file that does not exist: it fails to open it and ends.
    const missingFile = { options: { ...dataSource.options, database: `${String(dataSource.options.database)}.missing` } };
    const { db } = layer;
    checkpoints = new SqliteCheckpoints(Object.setPrototypeOf(missingFile, dataSource) as typeof dataSource, () => db);
    checkpoints.onApplicationBootstrap();
    expect(autocheckpoint(layer)).toBe(BACKSTOP_CHECKPOINT_PAGES);
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await writeTagTypes(db);
    await expect.poll(() => autocheckpoint(layer!), { timeout: 5_000, interval: 20 }).toBe(1_000);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^the checkpoint worker failed: .*unable to open database file.*; the service's own connection checkpoints from now on\.$/,
      ),
    );
    // Handed back for good: a later write starts no worker.
    await writeTagTypes(db, TAG_TYPES);
    expect(checkpoints.working).toBe(false);
  });
});
