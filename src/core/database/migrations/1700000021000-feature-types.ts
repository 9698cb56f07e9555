import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runAll } from './ddl.js';

/** Unleash's five flag types and their default lifetimes (release 40 days, experiment 40, operational 7, the others never). */
export const FEATURE_TYPES_CREATED: readonly { id: string; name: string; description: string; lifetimeDays: number | null }[] = [
  { id: 'release', name: 'Release', description: 'Release feature toggles are used to release new features.', lifetimeDays: 40 },
  {
    id: 'experiment',
    name: 'Experiment',
    description: 'Experiment feature toggles are used to test and verify multiple different versions of a feature.',
    lifetimeDays: 40,
  },
  {
    id: 'operational',
    name: 'Operational',
    description: 'Operational feature toggles are used to control aspects of a rollout.',
    lifetimeDays: 7,
  },
  {
    id: 'kill-switch',
    name: 'Kill switch',
    description: 'Kill switch feature toggles are used to quickly turn on or off critical functionality in your system.',
    lifetimeDays: null,
  },
  {
    id: 'permission',
    name: 'Permission',
    description: 'Permission feature toggles are used to control permissions in your system.',
    lifetimeDays: null,
  },
];

/**
 * `flagwright_feature_types`: the flag types, which were a list in the code, become rows whose lifetimes an admin
 * changes; the staleness check marks flags older than their type's lifetime potentially stale.
 */
export class FeatureTypes1700000021000 implements MigrationInterface {
  name = 'FeatureTypes1700000021000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runAll(queryRunner, [
      `CREATE TABLE flagwright_feature_types (
        id VARCHAR(50) NOT NULL,
        name VARCHAR(255) NOT NULL,
        description TEXT NOT NULL,
        lifetime_days INTEGER,
        CONSTRAINT flagwright_feature_types_pkey PRIMARY KEY (id)
      )`,
      ...FEATURE_TYPES_CREATED.map(
        ({ id, name, description, lifetimeDays }) =>
          `INSERT INTO flagwright_feature_types (id, name, description, lifetime_days) VALUES ('${id}', '${name}', '${description}', ${lifetimeDays ?? 'NULL'})`,
      ),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE flagwright_feature_types');
  }
}
