import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  changeGenerationFunctionName,
  changeGenerationMove,
  changeGenerationTriggers,
  type GenerationTriggers,
} from './1700000008000-change-generations.js';
import { CREDENTIALS_GENERATION } from './1700000011000-credential-generation.js';
import { deferredGenerationFunction, deferredTrigger } from './1700000015000-deferred-generation-triggers.js';
import { ddlFor, runAll } from './ddl.js';

/** The change generation that remembered sessions are kept under, beside `credentials` (see CredentialsReadModel). */
export const SESSIONS_GENERATION = 'sessions';

/** A session removed (a logout, the oldest one past the per-user limit, an expired one swept) or its expiry changed. */
const SESSION_TRIGGERS: GenerationTriggers = [['flagwright_sessions', ['DELETE', 'UPDATE OF id_hash, user_id, expires_at']]];

/**
 * Row `sessions` of `flagwright_change_generations`: the writes of `flagwright_sessions` that moved `credentials` move it
 * instead. Only remembered sessions depend on them; under `credentials`, every login that ended a user's oldest
 * session threw away every remembered API token, PAT and grant on every instance, so the next request of each SDK and
 * script read its token again. Sessions are still kept under both generations (a user's change ends them too).
 */
export class SessionGeneration1700000016000 implements MigrationInterface {
  name = 'SessionGeneration1700000016000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `INSERT INTO flagwright_change_generations (name, generation) VALUES ('${SESSIONS_GENERATION}', 0)`,
      ...dropSessionTriggers(isPostgres, CREDENTIALS_GENERATION),
      ...createSessionTriggers(isPostgres, SESSIONS_GENERATION),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      ...dropSessionTriggers(isPostgres, SESSIONS_GENERATION),
      ...(isPostgres ? [`DROP FUNCTION IF EXISTS ${changeGenerationFunctionName(SESSIONS_GENERATION)}()`] : []),
      ...createSessionTriggers(isPostgres, CREDENTIALS_GENERATION),
      `DELETE FROM flagwright_change_generations WHERE name = '${SESSIONS_GENERATION}'`,
    ]);
  }
}

/** Drops the triggers of `flagwright_sessions` that move `generation`, and nothing else (its function serves other tables). */
function dropSessionTriggers(isPostgres: boolean, generation: string): string[] {
  if (isPostgres)
    return SESSION_TRIGGERS.map(([table]) => `DROP TRIGGER IF EXISTS ${changeGenerationFunctionName(generation)} ON ${table}`);
  return changeGenerationTriggers(false, generation, SESSION_TRIGGERS).down;
}

/** The triggers of `flagwright_sessions` that move `generation`; on PostgreSQL deferred to the commit, as 1700000015000 made them all. */
function createSessionTriggers(isPostgres: boolean, generation: string): string[] {
  const statements = changeGenerationTriggers(isPostgres, generation, SESSION_TRIGGERS).up;
  if (!isPostgres) return statements;
  // On PostgreSQL the first statement creates the generation's function, in its statement-trigger form.
  const fn = changeGenerationFunctionName(generation);
  return [deferredGenerationFunction(fn, changeGenerationMove(generation)), ...statements.slice(1).map(deferredTrigger)];
}
