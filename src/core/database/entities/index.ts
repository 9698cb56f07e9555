import {
  ApiTokenEntity,
  ApiTokenProjectEntity,
  GroupUserEntity,
  LoginFailureEntity,
  PersonalAccessTokenEntity,
  RoleEntity,
  RolePermissionEntity,
  SessionEntity,
  UserEntity,
  UserGroupEntity,
} from './access.entities.js';
import {
  ClientApplicationEntity,
  ClientInstanceEntity,
  ClientMetricsHourlyEntity,
  ClientMetricsVariantHourlyEntity,
} from './client.entities.js';
import { EventEntity } from './event.entity.js';
import {
  FavoriteFeatureEntity,
  FeatureDependencyEntity,
  FeatureEntity,
  FeatureEnvironmentEntity,
  FeatureLifecycleEntity,
  FeatureStrategyEntity,
  FeatureStrategySegmentEntity,
  FeatureTagEntity,
  SegmentEntity,
  StrategyTypeEntity,
  TagTypeEntity,
} from './feature.entities.js';
import { EnvironmentEntity, GroupRoleEntity, ProjectEntity, ProjectEnvironmentEntity, RoleUserEntity } from './project.entities.js';
import { ChangeGenerationEntity, SearchGenerationEntity } from './search.entities.js';

export * from './access.entities.js';
export * from './client.entities.js';
export * from './event.entity.js';
export * from './feature.entities.js';
export * from './project.entities.js';
export * from './search.entities.js';

/** Every entity of the service, one per table of the migrations. Hosts pass this list to their DataSource. */
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
