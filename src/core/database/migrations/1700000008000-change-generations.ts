import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll, TABLE_PREFIX, triggerName } from './ddl.js';

/** The PostgreSQL channel on which every change of a generation is announced (payload: the generation's name). */
export const CHANGE_CHANNEL = 'flagwright_changes';

/** A table and the statements that move a generation: `INSERT`, `DELETE`, `UPDATE` or `UPDATE OF a, b`. */
export type GenerationTriggers = [table: string, events: string[]][];

/**
 * Statements that make `events` on `tables` replace the generation `name` of `flagwright_change_generations` with a random
 * value (a value seen in a rolled-back transaction never comes back) and, on PostgreSQL, announce it on
 * CHANGE_CHANNEL when the transaction commits. `up` creates the triggers, `down` drops them.
 */
export function changeGenerationTriggers(isPostgres: boolean, name: string, tables: GenerationTriggers): { up: string[]; down: string[] } {
  if (isPostgres) {
    const fn = changeGenerationFunctionName(name);
    return {
      up: [
        changeGenerationFunction(name),
        ...tables.map(
          ([table, events]) => `CREATE TRIGGER ${fn} AFTER ${events.join(' OR ')} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        ),
      ],
      down: [...tables.map(([table]) => `DROP TRIGGER IF EXISTS ${fn} ON ${table}`), `DROP FUNCTION IF EXISTS ${fn}()`],
    };
  }
  const bump = `UPDATE flagwright_change_generations SET generation = abs(random() % 9007199254740991) WHERE name = '${name}';`;
  const triggers = tables.flatMap(([table, events]) =>
    events.map((event) => ({ table, event, trigger: triggerName(`${TABLE_PREFIX}change_${name}`, table, event) })),
  );
  return {
    up: triggers.map(({ table, event, trigger }) => `CREATE TRIGGER ${trigger} AFTER ${event} ON ${table} BEGIN ${bump} END`),
    down: triggers.map(({ trigger }) => `DROP TRIGGER IF EXISTS ${trigger}`),
  };
}

/** The PostgreSQL trigger function (and name of its triggers) that moves the generation `name`. */
export function changeGenerationFunctionName(name: string): string {
  return `${TABLE_PREFIX}change_generation_${name}`;
}

/** The definition of changeGenerationFunctionName(name): created, or given this body. */
export function changeGenerationFunction(name: string): string {
  return `CREATE OR REPLACE FUNCTION ${changeGenerationFunctionName(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${changeGenerationMove(name)}
      RETURN NULL;
    END $$`;
}

/** The PL/pgSQL statements that replace the generation `name` and announce it (delivered when the transaction commits). */
export function changeGenerationMove(name: string): string {
  return `UPDATE flagwright_change_generations SET generation = floor(random() * 9007199254740991)::bigint WHERE name = '${name}';
      PERFORM pg_notify('${CHANGE_CHANNEL}', '${name}');`;
}

/** Everything `/api/client/features` and `/api/frontend` answer from (not metrics, last-seen times or tags). */
const SDK_TRIGGERS: GenerationTriggers = [
  ['flagwright_features', ['INSERT', 'DELETE', 'UPDATE OF name, project, type, description, stale, impression_data, archived_at']],
  ['flagwright_feature_environments', ['INSERT', 'DELETE', 'UPDATE OF feature_name, environment, enabled, variants']],
  ['flagwright_feature_strategies', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_feature_strategy_segments', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_segments', ['UPDATE', 'DELETE']],
  ['flagwright_feature_dependencies', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_environments', ['UPDATE', 'DELETE']],
];

/**
 * `flagwright_change_generations`: one row per kind of change that in-memory answers depend on. Database triggers move a
 * row with every write of its kind, whichever instance made it, so every instance can tell whether what it keeps
 * in memory is current (the `ChangeWatcher`). Row `sdk` moves with the SDK configuration.
 */
export class ChangeGenerations1700000008000 implements MigrationInterface {
  name = 'ChangeGenerations1700000008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      'CREATE TABLE flagwright_change_generations (name VARCHAR(64) PRIMARY KEY, generation BIGINT NOT NULL)',
      "INSERT INTO flagwright_change_generations (name, generation) VALUES ('sdk', 0)",
      ...changeGenerationTriggers(isPostgres, 'sdk', SDK_TRIGGERS).up,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      ...changeGenerationTriggers(isPostgres, 'sdk', SDK_TRIGGERS).down,
      'DROP TABLE flagwright_change_generations',
    ]);
  }
}
