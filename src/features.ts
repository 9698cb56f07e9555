import type { Provider, Type } from '@nestjs/common';
import { eventsFeature } from './modules/events/events.feature.js';
import { HealthController } from './modules/health/health.controller.js';
import { personalAccessTokensFeature } from './modules/personal-access-tokens/personal-access-tokens.feature.js';
import { sessionsFeature } from './modules/sessions/sessions.feature.js';

/** One entry per feature folder: the controllers and providers it contributes to FlagwrightModule. */
export interface FeatureDefinition {
  controllers: Type<unknown>[];
  providers: Provider[];
}

export const FEATURES: FeatureDefinition[] = [
  { controllers: [HealthController], providers: [] },
  eventsFeature,
  personalAccessTokensFeature,
  sessionsFeature,
];
