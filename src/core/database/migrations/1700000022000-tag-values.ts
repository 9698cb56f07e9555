import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/**
 * `flagwright_tags`: the tag values that exist (`type:value`), as Unleash keeps them apart from the features they
 * are on, so a value can be created before any feature has it and listed per type (`/api/admin/tags`). Filled with
 * the values features have already; deleting a tag type deletes its values (the features' tags already went).
 */
export class TagValues1700000022000 implements MigrationInterface {
  name = 'TagValues1700000022000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp: ts } = ddlFor(queryRunner);
    // The constraint is written as migration 1700000012000 writes SQLite's (quoted, both rules spelt out): TypeORM
    // reads a SQLite constraint's name back from the table's text only in that form.
    await runAll(queryRunner, [
      `CREATE TABLE flagwright_tags (
        type VARCHAR(50) NOT NULL,
        value VARCHAR(50) NOT NULL,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (type, value),
        CONSTRAINT "flagwright_tags_type_fkey" FOREIGN KEY ("type") REFERENCES "flagwright_tag_types" ("name") ON DELETE CASCADE ON UPDATE NO ACTION
      )`,
      `INSERT INTO flagwright_tags (type, value, created_at)
         SELECT tag_type, tag_value, MIN(created_at) FROM flagwright_feature_tags GROUP BY tag_type, tag_value`,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, ['DROP TABLE flagwright_tags']);
  }
}
