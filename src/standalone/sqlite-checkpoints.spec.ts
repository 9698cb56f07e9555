import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../core/database/database.js';
import { SqliteCheckpoints } from './sqlite-checkpoints.js';

describe('SqliteCheckpoints when its worker cannot be made', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the write that asked for one unharmed and hands checkpoints back to the service connection', () => {
    const pragma = vi.fn();
    const dataSource = {
      // What the worker is given must be cloned into its thread: a function cannot be, and the constructor throws, as
      // it does when no thread can be made.
      options: { type: 'better-sqlite3', database: () => '/tmp/flagwright-never-opened.sqlite' },
      isInitialized: true,
      driver: { databaseConnection: { pragma } },
    } as unknown as DataSource;
    let afterWrite: (() => void) | undefined;
    const db = { writesFinished: 0, onWriteFinished: (listener: () => void) => (afterWrite = listener) } as unknown as Database;
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const checkpoints = new SqliteCheckpoints(dataSource, () => db);
    checkpoints.onApplicationBootstrap();
    expect(pragma).toHaveBeenLastCalledWith('wal_autocheckpoint = 4000');

    expect(() => afterWrite!()).not.toThrow();
    expect(checkpoints.working).toBe(false);
    expect(pragma).toHaveBeenLastCalledWith('wal_autocheckpoint = 1000');
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^the checkpoint worker could not start: .*could not be cloned.*; the service's own connection checkpoints from now on\.$/,
      ),
    );
    // For good: the next write tries no other thread.
    warn.mockClear();
    afterWrite!();
    expect(warn).not.toHaveBeenCalled();
  });
});
