import { EventEmitter } from 'node:events';
import { ChangeWatcher } from './change-watcher.js';
import type { Database } from './database.js';

/**
 * A PostgreSQL Database whose reads of `change_generations` the test answers one by one, and the pool connection
 * the watcher LISTENs on, on which the test raises notifications.
 */
function setup({ isPostgres = true } = {}) {
  const listenClient = Object.assign(new EventEmitter(), { query: async () => ({}), release: () => undefined });
  const pending: (() => void)[] = [];
  let generation = 1;
  let commitWatch: ((rows: { name: string; generation: unknown }[]) => void) | undefined;
  const db = {
    isPostgres,
    writesFinished: 0,
    dataSource: { driver: { master: { connect: async () => listenClient } } },
    query: () => new Promise((answer) => pending.push(() => answer([{ name: 'sdk', generation: generation++ }]))),
    watchSqliteCommits: (_sql: string, deliver: typeof commitWatch) => {
      if (!isPostgres) commitWatch = deliver;
    },
  } as unknown as Database;
  const watcher = new ChangeWatcher(db);
  /** SQLite: a transaction of this instance commits, having read the generations inside it (`Database.watchSqliteCommits`). */
  const commit = (value: string) => {
    (db as { writesFinished: number }).writesFinished++;
    commitWatch!([{ name: 'sdk', generation: value }]);
  };
  /** Answers the read under way, then lets the watcher react to it. */
  const answerRead = async () => {
    pending.shift()!();
    await new Promise((done) => setImmediate(done));
  };
  return { watcher, db: db as { writesFinished: number }, listenClient, pending, answerRead, commit };
}

describe('ChangeWatcher', () => {
  it('reads once more after a read under way however many notifications came meanwhile, and reads at once when none is', async () => {
    const { watcher, db, listenClient, pending, answerRead } = setup();
    const started = watcher.onApplicationBootstrap();
    await answerRead();
    await started;
    expect(pending).toHaveLength(0);

    listenClient.emit('notification');
    expect(pending).toHaveLength(1);
    // A stream of commits, this instance's among them: one notification each.
    for (let i = 0; i < 5; i++) {
      db.writesFinished++;
      listenClient.emit('notification');
    }
    expect(pending).toHaveLength(1);
    await answerRead();
    // The read under way may have started before the notified commits: exactly one follows it.
    expect(pending).toHaveLength(1);
    await answerRead();
    expect(pending).toHaveLength(0);
    expect(await watcher.current('sdk')).toBe('3');
    expect(pending).toHaveLength(0);
    await watcher.onModuleDestroy();
  });

  it('answers the requests that follow writes of this instance from one read started after the read under way', async () => {
    const { watcher, db, pending, answerRead } = setup();
    const started = watcher.onApplicationBootstrap();
    await answerRead();
    await started;

    db.writesFinished++;
    const first = watcher.current('sdk');
    expect(pending).toHaveLength(1);
    // More writes finish while that read is under way: it may predate them, so the requests after them wait for the next.
    db.writesFinished++;
    const second = watcher.current('sdk');
    db.writesFinished++;
    const third = watcher.current('sdk');
    expect(pending).toHaveLength(1);
    await answerRead();
    expect(await first).toBe('2');
    expect(pending).toHaveLength(1);
    await answerRead();
    expect([await second, await third]).toEqual(['3', '3']);
    expect(pending).toHaveLength(0);
    await watcher.onModuleDestroy();
  });

  it('answers after a commit of this instance what the commit read, and keeps it over a read that ran before it (SQLite)', async () => {
    const { watcher, db, pending, answerRead, commit } = setup({ isPostgres: false });
    const started = watcher.onApplicationBootstrap();
    await answerRead();
    await started;
    expect(await watcher.current('sdk')).toBe('1');

    commit('committed-1');
    expect(await watcher.current('sdk')).toBe('committed-1');
    expect(pending).toHaveLength(0);

    // A read runs (its statement ran when it was asked for), then a transaction commits before its answer is seen.
    db.writesFinished++;
    const before = watcher.current('sdk');
    expect(pending).toHaveLength(1);
    commit('committed-2');
    await answerRead();
    // The older read's answer ('2') is not kept over what the commit read after it.
    expect(await before).toBe('committed-2');
    expect(await watcher.current('sdk')).toBe('committed-2');
    expect(pending).toHaveLength(0);
    await watcher.onModuleDestroy();
  });
});
