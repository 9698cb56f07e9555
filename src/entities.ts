import { ChangeGenerationEntity } from './core/database/change-generation.entity.js';
import { ApiTokenEntity, ApiTokenProjectEntity } from './modules/api-tokens/index.js';
import { LoginFailureEntity } from './modules/auth/index.js';
import {
  ClientApplicationEntity,
  ClientInstanceEntity,
  ClientMetricsHourlyEntity,
  ClientMetricsVariantHourlyEntity,
  UnknownFlagEntity,
} from './modules/client-metrics/index.js';
import { ContextFieldEntity } from './modules/context-fields/index.js';
import { EnvironmentEntity, ProjectEnvironmentEntity } from './modules/environments/index.js';
import { EventEntity } from './modules/events/index.js';
import { FeatureTypeEntity } from './modules/feature-types/index.js';
import {
  FavoriteFeatureEntity,
  FeatureDependencyEntity,
  FeatureEntity,
  FeatureEnvironmentEntity,
  FeatureLifecycleEntity,
} from './modules/features/index.js';
import { GroupUserEntity, UserGroupEntity } from './modules/groups/index.js';
import { ResetTokenEntity, SignupTokenEntity } from './modules/invitations/index.js';
import { PersonalAccessTokenEntity } from './modules/personal-access-tokens/index.js';
import { GroupRoleEntity, RoleUserEntity } from './modules/project-access/index.js';
import { ProjectEntity } from './modules/projects/index.js';
import { RoleEntity, RolePermissionEntity } from './modules/roles/index.js';
import { SearchGenerationEntity } from './modules/search/index.js';
import { SegmentEntity } from './modules/segments/index.js';
import { SessionEntity } from './modules/sessions/index.js';
import { AuthSettingEntity } from './modules/sso/index.js';
import { FeatureStrategyEntity, FeatureStrategySegmentEntity, StrategyTypeEntity } from './modules/strategies/index.js';
import { FeatureTagEntity, TagEntity, TagTypeEntity } from './modules/tags/index.js';
import { SettingEntity } from './modules/ui-config/index.js';
import { UserEntity } from './modules/users/index.js';

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
  AuthSettingEntity,
  ResetTokenEntity,
  SignupTokenEntity,
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
  ContextFieldEntity,
  SettingEntity,
  TagTypeEntity,
  TagEntity,
  FeatureTagEntity,
  FavoriteFeatureEntity,
  FeatureLifecycleEntity,
  FeatureDependencyEntity,
  FeatureTypeEntity,
  ClientApplicationEntity,
  ClientInstanceEntity,
  ClientMetricsHourlyEntity,
  ClientMetricsVariantHourlyEntity,
  UnknownFlagEntity,
  EventEntity,
  SearchGenerationEntity,
  ChangeGenerationEntity,
];
