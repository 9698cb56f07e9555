import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ddlFor, runAll } from './ddl.js';

/**
 * The whole data model of the service. Column names are snake_case; every timestamp is UTC.
 * Seed data is not written here but by the bootstrap service, which is idempotent and configurable.
 */
export class InitialSchema1700000000000 implements MigrationInterface {
  name = 'InitialSchema1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { serial, timestamp: ts, bool, json } = ddlFor(queryRunner);
    await runAll(queryRunner, [
      // --- access: roles, users, groups, tokens, sessions
      `CREATE TABLE flagwright_roles (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        type VARCHAR(32) NOT NULL,
        built_in ${bool} NOT NULL DEFAULT false,
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_role_permissions (
        role_id INTEGER NOT NULL REFERENCES flagwright_roles(id) ON DELETE CASCADE,
        permission VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL DEFAULT '',
        PRIMARY KEY (role_id, permission, environment)
      )`,
      `CREATE TABLE flagwright_users (
        id ${serial},
        name VARCHAR(255),
        username VARCHAR(255) UNIQUE,
        email VARCHAR(255) UNIQUE,
        image_url TEXT,
        password_hash VARCHAR(255),
        login_attempts INTEGER NOT NULL DEFAULT 0,
        email_sent ${bool} NOT NULL DEFAULT false,
        root_role_id INTEGER NOT NULL REFERENCES flagwright_roles(id),
        is_service ${bool} NOT NULL DEFAULT false,
        scim_id VARCHAR(255),
        seen_at ${ts},
        created_at ${ts} NOT NULL,
        created_by_user_id INTEGER
      )`,
      `CREATE TABLE flagwright_user_groups (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        mappings_sso ${json} NOT NULL DEFAULT '[]',
        root_role_id INTEGER REFERENCES flagwright_roles(id),
        scim_id VARCHAR(255),
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_group_users (
        group_id INTEGER NOT NULL REFERENCES flagwright_user_groups(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES flagwright_users(id) ON DELETE CASCADE,
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (group_id, user_id)
      )`,
      `CREATE INDEX flagwright_group_users_user_idx ON flagwright_group_users (user_id)`,
      `CREATE TABLE flagwright_personal_access_tokens (
        id ${serial},
        user_id INTEGER NOT NULL REFERENCES flagwright_users(id) ON DELETE CASCADE,
        secret_hash VARCHAR(128) NOT NULL UNIQUE,
        description VARCHAR(255) NOT NULL,
        expires_at ${ts} NOT NULL,
        seen_at ${ts},
        created_at ${ts} NOT NULL,
        UNIQUE (user_id, description)
      )`,
      `CREATE TABLE flagwright_api_tokens (
        id ${serial},
        token_name VARCHAR(255) NOT NULL,
        secret_hash VARCHAR(128) NOT NULL UNIQUE,
        secret_prefix VARCHAR(255) NOT NULL,
        type VARCHAR(32) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        expires_at ${ts},
        seen_at ${ts},
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_api_token_projects (
        token_id INTEGER NOT NULL REFERENCES flagwright_api_tokens(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL,
        PRIMARY KEY (token_id, project)
      )`,
      `CREATE TABLE flagwright_sessions (
        id_hash VARCHAR(128) PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES flagwright_users(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        expires_at ${ts} NOT NULL
      )`,
      `CREATE INDEX flagwright_sessions_user_idx ON flagwright_sessions (user_id, created_at)`,
      `CREATE TABLE flagwright_login_failures (
        login_name VARCHAR(320) PRIMARY KEY,
        failed_count INTEGER NOT NULL DEFAULT 0,
        lock_count INTEGER NOT NULL DEFAULT 0,
        locked_until ${ts},
        updated_at ${ts} NOT NULL
      )`,

      // --- projects, environments
      `CREATE TABLE flagwright_projects (
        id VARCHAR(100) PRIMARY KEY,
        name VARCHAR(255) NOT NULL,
        description TEXT,
        default_stickiness VARCHAR(100) NOT NULL DEFAULT 'default',
        created_at ${ts} NOT NULL,
        updated_at ${ts}
      )`,
      `CREATE TABLE flagwright_environments (
        name VARCHAR(100) PRIMARY KEY,
        type VARCHAR(100) NOT NULL,
        sort_order INTEGER NOT NULL DEFAULT 9999,
        enabled ${bool} NOT NULL DEFAULT true,
        protected ${bool} NOT NULL DEFAULT false,
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_project_environments (
        project_id VARCHAR(100) NOT NULL REFERENCES flagwright_projects(id) ON DELETE CASCADE,
        environment_name VARCHAR(100) NOT NULL REFERENCES flagwright_environments(name) ON DELETE CASCADE,
        PRIMARY KEY (project_id, environment_name)
      )`,
      `CREATE TABLE flagwright_role_users (
        user_id INTEGER NOT NULL REFERENCES flagwright_users(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES flagwright_roles(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL REFERENCES flagwright_projects(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (user_id, role_id, project)
      )`,
      `CREATE TABLE flagwright_group_roles (
        group_id INTEGER NOT NULL REFERENCES flagwright_user_groups(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES flagwright_roles(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL REFERENCES flagwright_projects(id) ON DELETE CASCADE,
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (group_id, role_id, project)
      )`,

      // --- features and their configuration
      `CREATE TABLE flagwright_features (
        name VARCHAR(255) PRIMARY KEY,
        project VARCHAR(100) NOT NULL REFERENCES flagwright_projects(id),
        type VARCHAR(50) NOT NULL DEFAULT 'release',
        description TEXT,
        stale ${bool} NOT NULL DEFAULT false,
        potentially_stale ${bool} NOT NULL DEFAULT false,
        impression_data ${bool} NOT NULL DEFAULT false,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL,
        archived_at ${ts},
        last_seen_at ${ts}
      )`,
      `CREATE INDEX flagwright_features_created_idx ON flagwright_features (created_at, name)`,
      `CREATE INDEX flagwright_features_project_idx ON flagwright_features (project, created_at)`,
      `CREATE INDEX flagwright_features_type_idx ON flagwright_features (type)`,
      `CREATE INDEX flagwright_features_archived_idx ON flagwright_features (archived_at)`,
      `CREATE INDEX flagwright_features_created_by_idx ON flagwright_features (created_by_user_id)`,
      `CREATE TABLE flagwright_feature_environments (
        feature_name VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        environment VARCHAR(100) NOT NULL REFERENCES flagwright_environments(name) ON DELETE CASCADE,
        enabled ${bool} NOT NULL DEFAULT false,
        variants ${json} NOT NULL DEFAULT '[]',
        last_seen_at ${ts},
        PRIMARY KEY (feature_name, environment)
      )`,
      `CREATE INDEX flagwright_feature_environments_env_idx ON flagwright_feature_environments (environment, enabled)`,
      `CREATE TABLE flagwright_strategy_types (
        name VARCHAR(255) PRIMARY KEY,
        display_name VARCHAR(255),
        description TEXT,
        parameters ${json} NOT NULL DEFAULT '[]',
        built_in ${bool} NOT NULL DEFAULT false,
        editable ${bool} NOT NULL DEFAULT true,
        deprecated ${bool} NOT NULL DEFAULT false,
        sort_order INTEGER NOT NULL DEFAULT 9999,
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_feature_strategies (
        id VARCHAR(36) PRIMARY KEY,
        feature_name VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        project_name VARCHAR(100) NOT NULL,
        environment VARCHAR(100) NOT NULL REFERENCES flagwright_environments(name) ON DELETE CASCADE,
        strategy_name VARCHAR(255) NOT NULL REFERENCES flagwright_strategy_types(name),
        title VARCHAR(255),
        disabled ${bool} NOT NULL DEFAULT false,
        parameters ${json} NOT NULL DEFAULT '{}',
        constraints ${json} NOT NULL DEFAULT '[]',
        variants ${json} NOT NULL DEFAULT '[]',
        sort_order INTEGER NOT NULL DEFAULT 0,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL
      )`,
      `CREATE INDEX flagwright_feature_strategies_feature_env_idx ON flagwright_feature_strategies (feature_name, environment, sort_order)`,
      `CREATE TABLE flagwright_segments (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        project VARCHAR(100) REFERENCES flagwright_projects(id) ON DELETE CASCADE,
        constraints ${json} NOT NULL DEFAULT '[]',
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_feature_strategy_segments (
        strategy_id VARCHAR(36) NOT NULL REFERENCES flagwright_feature_strategies(id) ON DELETE CASCADE,
        segment_id INTEGER NOT NULL REFERENCES flagwright_segments(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (strategy_id, segment_id)
      )`,
      `CREATE INDEX flagwright_feature_strategy_segments_segment_idx ON flagwright_feature_strategy_segments (segment_id)`,
      `CREATE TABLE flagwright_tag_types (
        name VARCHAR(50) PRIMARY KEY,
        description TEXT,
        icon VARCHAR(255),
        color VARCHAR(50),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE flagwright_feature_tags (
        feature_name VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        tag_type VARCHAR(50) NOT NULL REFERENCES flagwright_tag_types(name) ON DELETE CASCADE,
        tag_value VARCHAR(50) NOT NULL,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (feature_name, tag_type, tag_value)
      )`,
      `CREATE INDEX flagwright_feature_tags_tag_idx ON flagwright_feature_tags (tag_type, tag_value)`,
      `CREATE TABLE flagwright_favorite_features (
        user_id INTEGER NOT NULL REFERENCES flagwright_users(id) ON DELETE CASCADE,
        feature_name VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (user_id, feature_name)
      )`,
      `CREATE TABLE flagwright_feature_lifecycles (
        feature_name VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        stage VARCHAR(32) NOT NULL,
        status VARCHAR(64),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (feature_name, stage)
      )`,
      `CREATE TABLE flagwright_feature_dependencies (
        child VARCHAR(255) PRIMARY KEY REFERENCES flagwright_features(name) ON DELETE CASCADE,
        parent VARCHAR(255) NOT NULL REFERENCES flagwright_features(name) ON DELETE CASCADE,
        enabled ${bool} NOT NULL DEFAULT true,
        variants ${json} NOT NULL DEFAULT '[]'
      )`,
      `CREATE INDEX flagwright_feature_dependencies_parent_idx ON flagwright_feature_dependencies (parent)`,

      // --- SDK traffic
      `CREATE TABLE flagwright_client_applications (
        app_name VARCHAR(255) PRIMARY KEY,
        description TEXT,
        strategies ${json} NOT NULL DEFAULT '[]',
        created_at ${ts} NOT NULL,
        seen_at ${ts}
      )`,
      `CREATE TABLE flagwright_client_instances (
        app_name VARCHAR(255) NOT NULL,
        instance_id VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        sdk_version VARCHAR(255),
        client_ip VARCHAR(255),
        created_at ${ts} NOT NULL,
        seen_at ${ts} NOT NULL,
        PRIMARY KEY (app_name, instance_id, environment)
      )`,
      `CREATE TABLE flagwright_client_metrics_hourly (
        feature_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        hour_start ${ts} NOT NULL,
        yes_count INTEGER NOT NULL DEFAULT 0,
        no_count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (feature_name, environment, hour_start)
      )`,

      // --- audit log
      `CREATE TABLE flagwright_events (
        id ${serial},
        type VARCHAR(255) NOT NULL,
        created_by VARCHAR(255) NOT NULL,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL,
        project VARCHAR(100),
        feature_name VARCHAR(255),
        environment VARCHAR(100),
        data ${json},
        pre_data ${json},
        tags ${json} NOT NULL DEFAULT '[]',
        ip VARCHAR(100)
      )`,
      `CREATE INDEX flagwright_events_project_idx ON flagwright_events (project, id)`,
      `CREATE INDEX flagwright_events_feature_idx ON flagwright_events (feature_name, id)`,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const tables = [
      'flagwright_events',
      'flagwright_client_metrics_hourly',
      'flagwright_client_instances',
      'flagwright_client_applications',
      'flagwright_feature_dependencies',
      'flagwright_feature_lifecycles',
      'flagwright_favorite_features',
      'flagwright_feature_tags',
      'flagwright_tag_types',
      'flagwright_feature_strategy_segments',
      'flagwright_segments',
      'flagwright_feature_strategies',
      'flagwright_strategy_types',
      'flagwright_feature_environments',
      'flagwright_features',
      'flagwright_group_roles',
      'flagwright_role_users',
      'flagwright_project_environments',
      'flagwright_environments',
      'flagwright_projects',
      'flagwright_login_failures',
      'flagwright_sessions',
      'flagwright_api_token_projects',
      'flagwright_api_tokens',
      'flagwright_personal_access_tokens',
      'flagwright_group_users',
      'flagwright_user_groups',
      'flagwright_users',
      'flagwright_role_permissions',
      'flagwright_roles',
    ];
    for (const table of tables) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
