import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/** The standard fields of the Unleash context, as Unleash's own migrations create them (plus remoteAddress). */
const BUILT_IN_FIELDS: [name: string, description: string, sortOrder: number, stickiness: boolean][] = [
  ['environment', 'Allows you to constrain on application environment', 0, false],
  ['userId', 'Allows you to constrain on userId', 1, true],
  ['appName', 'Allows you to constrain on application name', 2, false],
  ['currentTime', 'Allows you to constrain on date values', 3, false],
  ['sessionId', 'Allows you to constrain on sessionId', 4, true],
  ['remoteAddress', 'Allows you to constrain on remote address', 5, false],
];

/**
 * `flagwright_context_fields`: the context fields constraints name, with their legal values, stickiness and sort
 * order; root fields (project null) or fields of one project (removed with it). The built-in fields are created once,
 * here, so a deleted one stays deleted, as in Unleash.
 */
export class ContextFields1700000020000 implements MigrationInterface {
  name = 'ContextFields1700000020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts, bool, json, isPostgres } = ddlFor(queryRunner);
    const now = isPostgres ? 'now()' : "strftime('%Y-%m-%d %H:%M:%f', 'now')";
    await runAll(queryRunner, [
      isPostgres
        ? `CREATE TABLE flagwright_context_fields (
            name VARCHAR(255) NOT NULL,
            description TEXT,
            stickiness ${bool} NOT NULL DEFAULT false,
            sort_order INTEGER NOT NULL DEFAULT 0,
            legal_values ${json} NOT NULL DEFAULT '[]',
            project VARCHAR(100),
            created_at ${ts} NOT NULL,
            CONSTRAINT flagwright_context_fields_pkey PRIMARY KEY (name),
            CONSTRAINT flagwright_context_fields_project_fkey FOREIGN KEY (project) REFERENCES flagwright_projects (id) ON DELETE CASCADE
          )`
        : // As TypeORM's schema builder writes the entity on SQLite, so it finds nothing to rebuild.
          `CREATE TABLE "flagwright_context_fields" ("name" varchar(255) PRIMARY KEY NOT NULL, "description" text,
            "stickiness" boolean NOT NULL DEFAULT (0), "sort_order" integer NOT NULL DEFAULT (0), "legal_values" text NOT NULL DEFAULT ('[]'),
            "project" varchar(100), "created_at" datetime NOT NULL,
            CONSTRAINT "flagwright_context_fields_project_fkey" FOREIGN KEY ("project") REFERENCES "flagwright_projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      ...BUILT_IN_FIELDS.map(
        ([name, description, sortOrder, stickiness]) =>
          `INSERT INTO flagwright_context_fields (name, description, stickiness, sort_order, created_at)
           VALUES ('${name}', '${description}', ${stickiness}, ${sortOrder}, ${now})`,
      ),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE flagwright_context_fields');
  }
}
