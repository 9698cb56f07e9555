import type { MigrationInterface, QueryRunner } from 'typeorm';
import { changeGenerationTriggers, type GenerationTriggers } from './1700000008000-change-generations.js';
import { ddlFor, runAll } from './ddl.js';

/** The change generation that in-memory credential answers (see CredentialCache) are kept under. */
export const CREDENTIALS_GENERATION = 'credentials';

/**
 * Every write that can make a remembered principal or grant wrong: a token, PAT or session removed or its expiry
 * changed, a user's identity or root role changed, a role's permissions, a group's root role or members, a project
 * role held directly or through a group. Inserting a credential needs no trigger (only found credentials are
 * remembered); `seen_at`, login attempts and password hashes are left out, so logins and SDK polls do not clear it.
 */
const CREDENTIAL_TRIGGERS: GenerationTriggers = [
  ['flagwright_api_tokens', ['DELETE', 'UPDATE OF token_name, secret_hash, type, environment, expires_at']],
  ['flagwright_api_token_projects', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_personal_access_tokens', ['DELETE', 'UPDATE OF user_id, secret_hash, expires_at']],
  ['flagwright_sessions', ['DELETE', 'UPDATE OF id_hash, user_id, expires_at']],
  ['flagwright_users', ['DELETE', 'UPDATE OF name, username, email, root_role_id, is_service']],
  ['flagwright_role_permissions', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_role_users', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_user_groups', ['DELETE', 'UPDATE OF root_role_id']],
  ['flagwright_group_users', ['INSERT', 'UPDATE', 'DELETE']],
  ['flagwright_group_roles', ['INSERT', 'UPDATE', 'DELETE']],
];

/** Row `credentials` of `flagwright_change_generations`, moved by the writes above on every instance's database. */
export class CredentialGeneration1700000011000 implements MigrationInterface {
  name = 'CredentialGeneration1700000011000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      `INSERT INTO flagwright_change_generations (name, generation) VALUES ('${CREDENTIALS_GENERATION}', 0)`,
      ...changeGenerationTriggers(isPostgres, CREDENTIALS_GENERATION, CREDENTIAL_TRIGGERS).up,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { isPostgres } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      ...changeGenerationTriggers(isPostgres, CREDENTIALS_GENERATION, CREDENTIAL_TRIGGERS).down,
      `DELETE FROM flagwright_change_generations WHERE name = '${CREDENTIALS_GENERATION}'`,
    ]);
  }
}
