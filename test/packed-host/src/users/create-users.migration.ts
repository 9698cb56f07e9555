import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The host's own migration, run by the host's data source (`migrationsRun`), recorded in its `migrations` table. */
export class CreateUsers1690000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    const id = runner.connection.options.type === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
    await runner.query(`CREATE TABLE users (id ${id}, email VARCHAR NOT NULL UNIQUE)`);
    await runner.query(`INSERT INTO users (email) VALUES ('first@host.example')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE users');
  }
}
