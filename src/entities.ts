import { ChangeGenerationEntity } from './core/database/change-generation.entity.js';
import { ApiTokenEntity, ApiTokenProjectEntity } from './modules/api-tokens/api-tokens.entities.js';
import { LoginFailureEntity } from './modules/auth/auth.entities.js';
import {
  ClientApplicationEntity,
  ClientInstanceEntity,
  ClientMetricsHourlyEntity,
  ClientMetricsVariantHourlyEntity,
} from './modules/client-metrics/client-metrics.entities.js';
import { EnvironmentEntity, ProjectEnvironmentEntity } from './modules/environments/environments.entities.js';
import { EventEntity } from './modules/events/events.entities.js';
import {
  FavoriteFeatureEntity,
  FeatureDependencyEntity,
  FeatureEntity,
  FeatureEnvironmentEntity,
  FeatureLifecycleEntity,
} from './modules/features/features.entities.js';
import { GroupUserEntity, UserGroupEntity } from './modules/groups/groups.entities.js';
import { PersonalAccessTokenEntity } from './modules/personal-access-tokens/personal-access-tokens.entities.js';
import { GroupRoleEntity, RoleUserEntity } from './modules/project-access/project-access.entities.js';
import { ProjectEntity } from './modules/projects/projects.entities.js';
import { RoleEntity, RolePermissionEntity } from './modules/roles/roles.entities.js';
import { SearchGenerationEntity } from './modules/search/search.entities.js';
import { SegmentEntity } from './modules/segments/segments.entities.js';
import { SessionEntity } from './modules/sessions/sessions.entities.js';
import { FeatureStrategyEntity, FeatureStrategySegmentEntity, StrategyTypeEntity } from './modules/strategies/strategies.entities.js';
import { FeatureTagEntity, TagTypeEntity } from './modules/tags/tags.entities.js';
import { UserEntity } from './modules/users/users.entities.js';

/**
 * Every entity of the service, one per table of the migrations, each declared in the module that writes its table.
 * Hosts pass this list to their DataSource; `schema-matches-migrations.e2e-spec.ts` proves it describes what the
 * migrations build.
 */
export const flagwrightEntities = [
  RoleEntity,
  RolePermissionEntity,
  UserEntity,
  UserGroupEntity,
  GroupUserEntity,
  PersonalAccessTokenEntity,
  ApiTokenEntity,
  ApiTokenProjectEntity,
  SessionEntity,
  LoginFailureEntity,
  ProjectEntity,
  EnvironmentEntity,
  ProjectEnvironmentEntity,
  RoleUserEntity,
  GroupRoleEntity,
  FeatureEntity,
  FeatureEnvironmentEntity,
  StrategyTypeEntity,
  FeatureStrategyEntity,
  SegmentEntity,
  FeatureStrategySegmentEntity,
  TagTypeEntity,
  FeatureTagEntity,
  FavoriteFeatureEntity,
  FeatureLifecycleEntity,
  FeatureDependencyEntity,
  ClientApplicationEntity,
  ClientInstanceEntity,
  ClientMetricsHourlyEntity,
  ClientMetricsVariantHourlyEntity,
  EventEntity,
  SearchGenerationEntity,
  ChangeGenerationEntity,
];
