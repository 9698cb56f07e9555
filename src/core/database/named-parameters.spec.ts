import { DataSource, type Driver } from 'typeorm';
import { describe, expect, it, vi } from 'vitest';
import { NamedParameters } from './named-parameters.js';

type Params = Record<string, unknown>;

/** The drivers' own translation is the oracle: no connection is opened, only the drivers are made. */
const drivers: Record<'sqlite' | 'postgres', Driver> = {
  sqlite: new DataSource({ type: 'better-sqlite3', database: ':memory:' }).driver,
  postgres: new DataSource({ type: 'postgres' }).driver,
};

const when = new Date('2026-11-27T10:00:00.123Z');

/** Statements and parameters of every kind the translation treats differently, each run in turn on one instance. */
const RUNS: [string, Params][] = [
  ['SELECT 1', {}],
  ['SELECT name FROM t WHERE id = :id', { id: 'a' }],
  ['SELECT name FROM t WHERE id = :id', { id: 'b' }],
  ['SELECT name FROM t WHERE id = :id', {}],
  ['SELECT name FROM t WHERE id = :id', { other: 'x' }],
  ['UPDATE t SET a = :a, b = :b WHERE a = :a OR c = :c', { a: 'x', b: null, c: undefined }],
  ['UPDATE t SET a = :a, b = :b WHERE a = :a OR c = :c', { a: 'y', b: 'z', c: 'w' }],
  ['UPDATE t SET on_off = :enabled, at = :at WHERE n = :n', { enabled: true, at: '2026-11-27 10:00:00', n: 'x' }],
  ['UPDATE t SET on_off = :enabled, at = :at WHERE n = :n', { enabled: false, at: when, n: 'x' }],
  ['SELECT * FROM t LIMIT :limit OFFSET :offset', { limit: 50, offset: 0 }],
  ['SELECT * FROM t LIMIT :limit OFFSET :offset', { limit: 10, offset: 20 }],
  ['SELECT * FROM t WHERE w > :weight AND n = :name AND s = :step', { weight: -1.5, name: 'n', step: 3 }],
  ['SELECT * FROM t WHERE w > :weight AND n = :name AND s = :step', { weight: 'w', name: 2, step: 'x' }],
  ['SELECT * FROM t WHERE id IN (:...ids) AND p = :p', { ids: ['a', 'b'], p: 'q' }],
  ['SELECT * FROM t WHERE id IN (:...ids) AND p = :p', { ids: ['a', 'b', 'c'], p: 'q' }],
  ['SELECT data::jsonb, :name::text FROM t WHERE n = :name', { name: 'x' }],
  ['SELECT data::jsonb, :name::text FROM t WHERE n = :name', { name: 'y', jsonb: 'surprise' }],
  ['SELECT :when AS w, :now AS n', { when: 'w', now: () => 'CURRENT_TIMESTAMP' }],
  ['SELECT :a.b AS dotted', { 'a.b': 'dotted' }],
  ['SELECT :buffer AS bytes', { buffer: Buffer.from('ab') }],
];

describe.each(['sqlite', 'postgres'] as const)('NamedParameters on %s', (database) => {
  const driver = drivers[database];

  it("translates every run as the driver's own escapeQueryWithParameters does, texts seen before or not", () => {
    const parameters = new NamedParameters(driver, database === 'postgres');
    for (const [sql, params] of [...RUNS, ...RUNS]) {
      expect(parameters.translate(sql, params), `${sql} ${JSON.stringify(params)}`).toEqual(driver.escapeQueryWithParameters(sql, params));
    }
  });

  it('reads a text once: later runs with plain values are translated without the driver', () => {
    const parameters = new NamedParameters(driver, database === 'postgres');
    const escape = vi.spyOn(driver, 'escapeQueryWithParameters');
    try {
      const sql = 'UPDATE t SET a = :a, b = :b WHERE a = :a';
      parameters.translate(sql, { a: 'x', b: 'y' });
      expect(parameters.translate(sql, { a: 'u', b: 'v' })).toEqual(
        database === 'postgres'
          ? ['UPDATE t SET a = $1, b = $2 WHERE a = $1', ['u', 'v']]
          : ['UPDATE t SET a = ?, b = ? WHERE a = ?', ['u', 'v', 'u']],
      );
      const limited = 'SELECT * FROM t WHERE a = :a LIMIT :limit';
      parameters.translate(limited, { a: 'x', limit: 50 });
      expect(parameters.translate(limited, { a: 'y', limit: 10 })).toEqual(
        database === 'postgres' ? ['SELECT * FROM t WHERE a = $1 LIMIT $2', ['y', 10]] : ['SELECT * FROM t WHERE a = ? LIMIT 10', ['y']],
      );
      expect(escape).not.toHaveBeenCalled();
    } finally {
      escape.mockRestore();
    }
  });
});
