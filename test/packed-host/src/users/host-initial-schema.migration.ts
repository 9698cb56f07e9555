import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first migration of a host that names its migrations by hand with round timestamps: the same name as
 * Flagwright's first one. It makes the tables most applications have (`users`, `roles`, `events`), with rows.
 */
export class InitialSchema1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    const id = runner.connection.options.type === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
    await runner.query(`CREATE TABLE users (id ${id}, email VARCHAR NOT NULL UNIQUE)`);
    await runner.query(`CREATE TABLE roles (id ${id}, name VARCHAR NOT NULL)`);
    await runner.query(`CREATE TABLE events (id ${id}, kind VARCHAR NOT NULL, user_id INTEGER REFERENCES users(id))`);
    await runner.query('CREATE INDEX events_kind_idx ON events (kind)');
    await runner.query(`INSERT INTO users (email) VALUES ('first@host.example')`);
    await runner.query(`INSERT INTO roles (name) VALUES ('host-admin')`);
    await runner.query(`INSERT INTO events (kind, user_id) VALUES ('signup', 1)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE events');
    await runner.query('DROP TABLE roles');
    await runner.query('DROP TABLE users');
  }
}
