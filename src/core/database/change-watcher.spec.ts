import { EventEmitter } from 'node:events';
import { ChangeWatcher } from './change-watcher.js';
import type { Database } from './database.js';

/**
 * A PostgreSQL Database whose reads of `change_generations` the test answers one by one, and the pool connection
 * the watcher LISTENs on, on which the test raises notifications.
 */
function setup() {
  const listenClient = Object.assign(new EventEmitter(), { query: async () => ({}), release: () => undefined });
  const pending: (() => void)[] = [];
  let generation = 1;
  const db = {
    isPostgres: true,
    writesFinished: 0,
    dataSource: { driver: { master: { connect: async () => listenClient } } },
    query: () => new Promise((answer) => pending.push(() => answer([{ name: 'sdk', generation: generation++ }]))),
  } as unknown as Database;
  const watcher = new ChangeWatcher(db);
  /** Answers the read under way, then lets the watcher react to it. */
  const answerRead = async () => {
    pending.shift()!();
    await new Promise((done) => setImmediate(done));
  };
  return { watcher, db: db as { writesFinished: number }, listenClient, pending, answerRead };
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
});
