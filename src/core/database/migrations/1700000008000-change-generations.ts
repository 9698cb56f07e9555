import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/** The PostgreSQL channel on which every change of a generation is announced (payload: the generation's name). */
export const CHANGE_CHANNEL = 'flagwright_changes';

/** A table and the statements that move a generation: `INSERT`, `DELETE`, `UPDATE` or `UPDATE OF a, b`. */
export type GenerationTriggers = [table: string, events: string[]][];

/**
 * Statements that make `events` on `tables` replace the generation `name` of `change_generations` with a random
 * value (a value seen in a rolled-back transaction never comes back) and, on PostgreSQL, announce it on
 * CHANGE_CHANNEL when the transaction commits. `up` creates the triggers, `down` drops them.
 */
export function changeGenerationTriggers(isPostgres: boolean, name: string, tables: GenerationTriggers): { up: string[]; down: string[] } {
  if (isPostgres) {
    const fn = `change_generation_${name}`;
    return {
      up: [
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${changeGenerationMove(name)}
            RETURN NULL;
          END $$`,
        ...tables.map(
          ([table, events]) => `CREATE TRIGGER ${fn} AFTER ${events.join(' OR ')} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        ),
      ],
      down: [...tables.map(([table]) => `DROP TRIGGER IF EXISTS ${fn} ON ${table}`), `DROP FUNCTION IF EXISTS ${fn}()`],
    };
  }
  const bump = `UPDATE change_generations SET generation = abs(random() % 9007199254740991) WHERE name = '${name}';`;
  const triggers = tables.flatMap(([table, events]) =>
    events.map((event) => ({ table, event, trigger: `change_${name}_${table}_${event.split(' ')[0].toLowerCase()}` })),
  );
  return {
    up: triggers.map(({ table, event, trigger }) => `CREATE TRIGGER ${trigger} AFTER ${event} ON ${table} BEGIN ${bump} END`),
    down: triggers.map(({ trigger }) => `DROP TRIGGER IF EXISTS ${trigger}`),
  };
}

/** The PL/pgSQL statements that replace the generation `name` and announce it (delivered when the transaction commits). */
export function changeGenerationMove(name: string): string {
  return `UPDATE change_generations SET generation = floor(random() * 9007199254740991)::bigint WHERE name = '${name}';
            PERFORM pg_notify('${CHANGE_CHANNEL}', '${name}');`;
}

/** Everything `/api/client/features` and `/api/frontend` answer from (not metrics, last-seen times or tags). */
const SDK_TRIGGERS: GenerationTriggers = [
  ['features', ['INSERT', 'DELETE', 'UPDATE OF name, project, type, description, stale, impression_data, archived_at']],
  ['feature_environments', ['INSERT', 'DELETE', 'UPDATE OF feature_name, environment, enabled, variants']],
  ['feature_strategies', ['INSERT', 'UPDATE', 'DELETE']],
  ['feature_strategy_segments', ['INSERT', 'UPDATE', 'DELETE']],
  ['segments', ['UPDATE', 'DELETE']],
  ['feature_dependencies', ['INSERT', 'UPDATE', 'DELETE']],
  ['environments', ['UPDATE', 'DELETE']],
];

/**
 * `change_generations`: one row per kind of change that in-memory answers depend on. Database triggers move a
 * row with every write of its kind, whichever instance made it, so every instance can tell whether what it keeps
 * in memory is current (the `ChangeWatcher`). Row `sdk` moves with the SDK configuration.
 */
export class ChangeGenerations1700000008000 implements MigrationInterface {
  name = 'ChangeGenerations1700000008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      'CREATE TABLE change_generations (name VARCHAR(64) PRIMARY KEY, generation BIGINT NOT NULL)',
      "INSERT INTO change_generations (name, generation) VALUES ('sdk', 0)",
      ...changeGenerationTriggers(isPostgres, 'sdk', SDK_TRIGGERS).up,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [...changeGenerationTriggers(isPostgres, 'sdk', SDK_TRIGGERS).down, 'DROP TABLE change_generations']);
  }
}
