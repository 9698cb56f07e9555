import type { MigrationInterface, QueryRunner } from 'typeorm';
import { changeGenerationFunctionName, changeGenerationMove } from './1700000008000-change-generations.js';
import { CREDENTIALS_GENERATION } from './1700000011000-credential-generation.js';
import { STRATEGY_TYPES_GENERATION } from './1700000014000-strategy-types-generation.js';
import { ddlFor, runAll, searchGenerationMove, TABLE_PREFIX } from './ddl.js';

/** Each PostgreSQL trigger function that moves a generation row, and the statements that move it. */
const GENERATION_FUNCTIONS: [fn: string, move: string][] = [
  ...['sdk', CREDENTIALS_GENERATION, STRATEGY_TYPES_GENERATION].map((name): [string, string] => [
    changeGenerationFunctionName(name),
    changeGenerationMove(name),
  ]),
  [`${TABLE_PREFIX}search_generation_bump`, searchGenerationMove(1)],
  [`${TABLE_PREFIX}search_activity_bump`, searchGenerationMove(2)],
];

const STATEMENT_TIMING = ' FOR EACH STATEMENT ';
const DEFERRED_TIMING = ' DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ';

/** A PostgreSQL generation function that runs `move` once per transaction, however many deferred rows fire it. */
export function deferredGenerationFunction(fn: string, move: string): string {
  return `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            -- Every row a transaction changed fires this at its commit: the first one moves the generation.
            IF current_setting('flagwright.moved_${fn}', true) IS DISTINCT FROM 'yes' THEN
              PERFORM set_config('flagwright.moved_${fn}', 'yes', true);
              ${move}
            END IF;
            RETURN NULL;
          END $$`;
}

/** A statement trigger's definition (`CREATE TRIGGER … FOR EACH STATEMENT …`) as the deferred row trigger that replaces it. */
export function deferredTrigger(definition: string): string {
  return definition.replace(/^CREATE TRIGGER /, 'CREATE CONSTRAINT TRIGGER ').replace(STATEMENT_TIMING, DEFERRED_TIMING);
}

/**
 * PostgreSQL: the generation rows move when a transaction commits instead of at its first write. Each generation is
 * one row, and every write of its kind updates it; moved by a statement trigger, the row stayed locked from that
 * statement to the commit, so concurrent writes (two strategy updates of different features) waited for each other's
 * remaining round trips: 69 of 80 samples of busy connections were waiting on that lock under the strategy-update
 * benchmark. As deferred row triggers (constraint triggers, the only ones PostgreSQL defers) they run inside the
 * COMMIT, so the row is held only while the commit is written. Each function moves its generation once per
 * transaction however many rows fire it (a transaction-local setting remembers that it did). Readers see no
 * difference: a generation still moves in the same transaction as the write, visible when it commits, announced by
 * the same NOTIFY. SQLite is left alone: its writes are serial anyway. Trigger names stay as they were.
 */
export class DeferredGenerationTriggers1700000015000 implements MigrationInterface {
  name = 'DeferredGenerationTriggers1700000015000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!ddlFor(queryRunner).isPostgres) return;
    await runAll(
      queryRunner,
      GENERATION_FUNCTIONS.map(([fn, move]) => deferredGenerationFunction(fn, move)),
    );
    await recreateTriggers(queryRunner, deferredTrigger);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!ddlFor(queryRunner).isPostgres) return;
    await recreateTriggers(queryRunner, (definition) =>
      definition.replace(/^CREATE CONSTRAINT TRIGGER /, 'CREATE TRIGGER ').replace(DEFERRED_TIMING, STATEMENT_TIMING),
    );
    await runAll(
      queryRunner,
      GENERATION_FUNCTIONS.map(
        ([fn, move]) => `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${move}
            RETURN NULL;
          END $$`,
      ),
    );
  }
}

/** Drops every trigger calling a generation function and creates it again from its definition, changed by `rewrite`. */
async function recreateTriggers(queryRunner: QueryRunner, rewrite: (definition: string) => string): Promise<void> {
  const triggers = (await queryRunner.query(
    `SELECT t.tgname AS name, c.relname AS table_name, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND pg_table_is_visible(c.oid) AND p.proname = ANY($1)
      ORDER BY c.relname, t.tgname`,
    [GENERATION_FUNCTIONS.map(([fn]) => fn)],
  )) as { name: string; table_name: string; definition: string }[];
  for (const { name, table_name, definition } of triggers) {
    const rewritten = rewrite(definition);
    if (rewritten === definition) continue;
    await runAll(queryRunner, [`DROP TRIGGER ${name} ON ${table_name}`, rewritten]);
  }
}
