/**
 * `flagwright/testing`: for a host's own tests, flags seeded in-process (no HTTP, no token) through the same services
 * the admin API calls, with their checks and events, and seen by `FeatureFlags` as soon as the call returns.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { ApiTokenPrincipal } from './core/access/principal.js';
import { SYSTEM_ACTOR } from './core/access/principal.js';
import { FeatureFlags } from './modules/evaluation/index.js';
import { FeatureEnvironmentService, FeatureService } from './modules/features/index.js';
import { FeatureStrategyService } from './modules/strategies/index.js';

/** One flag to create, as the admin API takes it. */
export interface FlagSeed {
  name: string;
  /** Its project (default `default`). */
  project?: string;
  type?: string;
  description?: string;
  /** Strategies to add per environment, each a strategy body as `POST …/environments/{env}/strategies` takes it. */
  strategies?: Record<string, object[]>;
  /**
   * Environments to switch the flag on in. Where it has no strategy there, switching on adds the default one (a
   * gradual rollout to 100 %), as the admin API does.
   */
  enabledIn?: string[];
}

/** Who seeds: the system, with an admin token's reach, as the events record it. */
const SEEDER: ApiTokenPrincipal = {
  kind: 'api-token',
  tokenId: 0,
  tokenName: SYSTEM_ACTOR.username,
  type: 'admin',
  environment: '*',
  projects: ['*'],
};

/**
 * Creates each flag, adds its strategies, switches it on where asked, then refreshes `FeatureFlags`, so that
 * `isEnabled` answers with the seeded flags at once. A refused seed (an unknown project or environment, an invalid
 * strategy) throws the admin API's error (`AppError`, with its name and message) and stops there.
 */
export async function seedFlags(app: INestApplicationContext, flags: FlagSeed[]): Promise<void> {
  const features = app.get(FeatureService, { strict: false });
  const environments = app.get(FeatureEnvironmentService, { strict: false });
  const strategies = app.get(FeatureStrategyService, { strict: false });
  for (const flag of flags) {
    const projectId = flag.project ?? 'default';
    await features.create(projectId, { name: flag.name, type: flag.type, description: flag.description }, SYSTEM_ACTOR);
    for (const [environment, bodies] of Object.entries(flag.strategies ?? {})) {
      for (const body of bodies) await strategies.create({ projectId, featureName: flag.name, environment }, body, SYSTEM_ACTOR);
    }
    for (const environment of flag.enabledIn ?? []) {
      await environments.setEnabled({ projectId, featureName: flag.name, environment }, true, SEEDER, SYSTEM_ACTOR);
    }
  }
  await app.get(FeatureFlags, { strict: false }).refresh();
}
