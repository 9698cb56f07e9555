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
      `CREATE TABLE roles (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        type VARCHAR(32) NOT NULL,
        built_in ${bool} NOT NULL DEFAULT false,
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE role_permissions (
        role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        permission VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL DEFAULT '',
        PRIMARY KEY (role_id, permission, environment)
      )`,
      `CREATE TABLE users (
        id ${serial},
        name VARCHAR(255),
        username VARCHAR(255) UNIQUE,
        email VARCHAR(255) UNIQUE,
        image_url TEXT,
        password_hash VARCHAR(255),
        login_attempts INTEGER NOT NULL DEFAULT 0,
        email_sent ${bool} NOT NULL DEFAULT false,
        root_role_id INTEGER NOT NULL REFERENCES roles(id),
        is_service ${bool} NOT NULL DEFAULT false,
        scim_id VARCHAR(255),
        seen_at ${ts},
        created_at ${ts} NOT NULL,
        created_by_user_id INTEGER
      )`,
      `CREATE TABLE user_groups (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        mappings_sso ${json} NOT NULL DEFAULT '[]',
        root_role_id INTEGER REFERENCES roles(id),
        scim_id VARCHAR(255),
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE group_users (
        group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (group_id, user_id)
      )`,
      `CREATE INDEX group_users_user_idx ON group_users (user_id)`,
      `CREATE TABLE personal_access_tokens (
        id ${serial},
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        secret_hash VARCHAR(128) NOT NULL UNIQUE,
        description VARCHAR(255) NOT NULL,
        expires_at ${ts} NOT NULL,
        seen_at ${ts},
        created_at ${ts} NOT NULL,
        UNIQUE (user_id, description)
      )`,
      `CREATE TABLE api_tokens (
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
      `CREATE TABLE api_token_projects (
        token_id INTEGER NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL,
        PRIMARY KEY (token_id, project)
      )`,
      `CREATE TABLE sessions (
        id_hash VARCHAR(128) PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        expires_at ${ts} NOT NULL
      )`,
      `CREATE INDEX sessions_user_idx ON sessions (user_id, created_at)`,
      `CREATE TABLE login_failures (
        login_name VARCHAR(320) PRIMARY KEY,
        failed_count INTEGER NOT NULL DEFAULT 0,
        lock_count INTEGER NOT NULL DEFAULT 0,
        locked_until ${ts},
        updated_at ${ts} NOT NULL
      )`,

      // --- projects, environments
      `CREATE TABLE projects (
        id VARCHAR(100) PRIMARY KEY,
        name VARCHAR(255) NOT NULL,
        description TEXT,
        default_stickiness VARCHAR(100) NOT NULL DEFAULT 'default',
        created_at ${ts} NOT NULL,
        updated_at ${ts}
      )`,
      `CREATE TABLE environments (
        name VARCHAR(100) PRIMARY KEY,
        type VARCHAR(100) NOT NULL,
        sort_order INTEGER NOT NULL DEFAULT 9999,
        enabled ${bool} NOT NULL DEFAULT true,
        protected ${bool} NOT NULL DEFAULT false,
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE project_environments (
        project_id VARCHAR(100) NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        environment_name VARCHAR(100) NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
        PRIMARY KEY (project_id, environment_name)
      )`,
      `CREATE TABLE role_users (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (user_id, role_id, project)
      )`,
      `CREATE TABLE group_roles (
        group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        project VARCHAR(100) NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (group_id, role_id, project)
      )`,

      // --- features and their configuration
      `CREATE TABLE features (
        name VARCHAR(255) PRIMARY KEY,
        project VARCHAR(100) NOT NULL REFERENCES projects(id),
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
      `CREATE INDEX features_created_idx ON features (created_at, name)`,
      `CREATE INDEX features_project_idx ON features (project, created_at)`,
      `CREATE INDEX features_type_idx ON features (type)`,
      `CREATE INDEX features_archived_idx ON features (archived_at)`,
      `CREATE INDEX features_created_by_idx ON features (created_by_user_id)`,
      `CREATE TABLE feature_environments (
        feature_name VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        environment VARCHAR(100) NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
        enabled ${bool} NOT NULL DEFAULT false,
        variants ${json} NOT NULL DEFAULT '[]',
        last_seen_at ${ts},
        PRIMARY KEY (feature_name, environment)
      )`,
      `CREATE INDEX feature_environments_env_idx ON feature_environments (environment, enabled)`,
      `CREATE TABLE strategy_types (
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
      `CREATE TABLE feature_strategies (
        id VARCHAR(36) PRIMARY KEY,
        feature_name VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        project_name VARCHAR(100) NOT NULL,
        environment VARCHAR(100) NOT NULL REFERENCES environments(name) ON DELETE CASCADE,
        strategy_name VARCHAR(255) NOT NULL REFERENCES strategy_types(name),
        title VARCHAR(255),
        disabled ${bool} NOT NULL DEFAULT false,
        parameters ${json} NOT NULL DEFAULT '{}',
        constraints ${json} NOT NULL DEFAULT '[]',
        variants ${json} NOT NULL DEFAULT '[]',
        sort_order INTEGER NOT NULL DEFAULT 0,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL
      )`,
      `CREATE INDEX feature_strategies_feature_env_idx ON feature_strategies (feature_name, environment, sort_order)`,
      `CREATE TABLE segments (
        id ${serial},
        name VARCHAR(255) NOT NULL UNIQUE,
        description TEXT,
        project VARCHAR(100) REFERENCES projects(id) ON DELETE CASCADE,
        constraints ${json} NOT NULL DEFAULT '[]',
        created_by VARCHAR(255),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE feature_strategy_segments (
        strategy_id VARCHAR(36) NOT NULL REFERENCES feature_strategies(id) ON DELETE CASCADE,
        segment_id INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (strategy_id, segment_id)
      )`,
      `CREATE INDEX feature_strategy_segments_segment_idx ON feature_strategy_segments (segment_id)`,
      `CREATE TABLE tag_types (
        name VARCHAR(50) PRIMARY KEY,
        description TEXT,
        icon VARCHAR(255),
        color VARCHAR(50),
        created_at ${ts} NOT NULL
      )`,
      `CREATE TABLE feature_tags (
        feature_name VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        tag_type VARCHAR(50) NOT NULL REFERENCES tag_types(name) ON DELETE CASCADE,
        tag_value VARCHAR(50) NOT NULL,
        created_by_user_id INTEGER,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (feature_name, tag_type, tag_value)
      )`,
      `CREATE INDEX feature_tags_tag_idx ON feature_tags (tag_type, tag_value)`,
      `CREATE TABLE favorite_features (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        feature_name VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        created_at ${ts} NOT NULL,
        PRIMARY KEY (user_id, feature_name)
      )`,
      `CREATE TABLE feature_lifecycles (
        feature_name VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        stage VARCHAR(32) NOT NULL,
        status VARCHAR(64),
        created_at ${ts} NOT NULL,
        PRIMARY KEY (feature_name, stage)
      )`,
      `CREATE TABLE feature_dependencies (
        child VARCHAR(255) PRIMARY KEY REFERENCES features(name) ON DELETE CASCADE,
        parent VARCHAR(255) NOT NULL REFERENCES features(name) ON DELETE CASCADE,
        enabled ${bool} NOT NULL DEFAULT true,
        variants ${json} NOT NULL DEFAULT '[]'
      )`,
      `CREATE INDEX feature_dependencies_parent_idx ON feature_dependencies (parent)`,

      // --- SDK traffic
      `CREATE TABLE client_applications (
        app_name VARCHAR(255) PRIMARY KEY,
        description TEXT,
        strategies ${json} NOT NULL DEFAULT '[]',
        created_at ${ts} NOT NULL,
        seen_at ${ts}
      )`,
      `CREATE TABLE client_instances (
        app_name VARCHAR(255) NOT NULL,
        instance_id VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        sdk_version VARCHAR(255),
        client_ip VARCHAR(255),
        created_at ${ts} NOT NULL,
        seen_at ${ts} NOT NULL,
        PRIMARY KEY (app_name, instance_id, environment)
      )`,
      `CREATE TABLE client_metrics_hourly (
        feature_name VARCHAR(255) NOT NULL,
        environment VARCHAR(100) NOT NULL,
        hour_start ${ts} NOT NULL,
        yes_count INTEGER NOT NULL DEFAULT 0,
        no_count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (feature_name, environment, hour_start)
      )`,

      // --- audit log
      `CREATE TABLE events (
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
      `CREATE INDEX events_project_idx ON events (project, id)`,
      `CREATE INDEX events_feature_idx ON events (feature_name, id)`,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const tables = [
      'events',
      'client_metrics_hourly',
      'client_instances',
      'client_applications',
      'feature_dependencies',
      'feature_lifecycles',
      'favorite_features',
      'feature_tags',
      'tag_types',
      'feature_strategy_segments',
      'segments',
      'feature_strategies',
      'strategy_types',
      'feature_environments',
      'features',
      'group_roles',
      'role_users',
      'project_environments',
      'environments',
      'projects',
      'login_failures',
      'sessions',
      'api_token_projects',
      'api_tokens',
      'personal_access_tokens',
      'group_users',
      'user_groups',
      'users',
      'role_permissions',
      'roles',
    ];
    for (const table of tables) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
