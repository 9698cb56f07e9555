import type { Provider, Type } from '@nestjs/common';
import { apiTokensFeature } from './modules/api-tokens/api-tokens.feature.js';
import { authFeature } from './modules/auth/auth.feature.js';
import { clientApiFeature } from './modules/client-api/client-api.feature.js';
import { clientMetricsFeature } from './modules/client-metrics/client-metrics.feature.js';
import { environmentsFeature } from './modules/environments/environments.feature.js';
import { edgeFeature } from './modules/edge/edge.feature.js';
import { eventsFeature } from './modules/events/events.feature.js';
import { featuresFeature } from './modules/features/features.feature.js';
import { frontendApiFeature } from './modules/frontend-api/frontend-api.feature.js';
import { groupsFeature } from './modules/groups/groups.feature.js';
import { HealthController } from './modules/health/health.controller.js';
import { projectAccessFeature } from './modules/project-access/project-access.feature.js';
import { projectsFeature } from './modules/projects/projects.feature.js';
import { rolesFeature } from './modules/roles/roles.feature.js';
import { searchFeature } from './modules/search/search.feature.js';
import { personalAccessTokensFeature } from './modules/personal-access-tokens/personal-access-tokens.feature.js';
import { serviceAccountsFeature } from './modules/service-accounts/service-accounts.feature.js';
import { segmentsFeature } from './modules/segments/segments.feature.js';
import { sessionsFeature } from './modules/sessions/sessions.feature.js';
import { strategiesFeature } from './modules/strategies/strategies.feature.js';
import { tagsFeature } from './modules/tags/tags.feature.js';
import { usersFeature } from './modules/users/users.feature.js';

/** One entry per feature folder: the controllers and providers it contributes to FlagwrightModule. */
export interface FeatureDefinition {
  controllers: Type<unknown>[];
  providers: Provider[];
}

/** SDK traffic first: Express tries routes in this order, and SDK polls are most of every request. */
export const FEATURES: FeatureDefinition[] = [
  clientApiFeature,
  frontendApiFeature,
  clientMetricsFeature,
  { controllers: [HealthController], providers: [] },
  eventsFeature,
  personalAccessTokensFeature,
  sessionsFeature,
  projectsFeature,
  environmentsFeature,
  featuresFeature,
  tagsFeature,
  strategiesFeature,
  segmentsFeature,
  serviceAccountsFeature,
  apiTokensFeature,
  usersFeature,
  authFeature,
  rolesFeature,
  groupsFeature,
  projectAccessFeature,
  searchFeature,
  edgeFeature,
];
