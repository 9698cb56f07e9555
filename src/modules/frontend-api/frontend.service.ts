import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { ClientFeaturesReadModel } from '../client-api/client-features.read-model.js';
import { SdkScopeResolver } from '../client-api/sdk-scope.resolver.js';
import { FeatureEvaluator, type ToggleVariant } from './evaluate.js';
import { contextFromQuery } from './frontend-context.js';

export interface FrontendToggle {
  name: string;
  enabled: true;
  variant: ToggleVariant;
  impressionData: boolean;
}

/** As the SDKs do: the host the evaluation runs on (here, the server). */
const HOSTNAME = process.env.HOSTNAME || hostname();

/** The frontend API: the server evaluates every feature of the token's scope for the context in the query. */
@Injectable()
export class FrontendService {
  constructor(
    private readonly scopes: SdkScopeResolver,
    private readonly features: ClientFeaturesReadModel,
    private readonly clock: Clock,
  ) {}

  /** The features enabled for the context, by name, each with its variant. */
  async toggles(principal: Principal, query: Record<string, unknown>, callerAddress: string | undefined): Promise<FrontendToggle[]> {
    const environment = typeof query.environment === 'string' ? query.environment : undefined;
    const scope = await this.scopes.resolve(principal, { environment });
    const set = await this.features.load(scope);
    const context = { ...contextFromQuery(query, callerAddress), environment: scope.environment };
    const evaluator = new FeatureEvaluator(set, { now: this.clock.now(), hostname: HOSTNAME, random: () => String(randomInt(1, 10_001)) });
    return set.features.flatMap((feature) => {
      const { enabled, variant } = evaluator.evaluate(feature.name, context);
      return enabled ? [{ name: feature.name, enabled: true as const, variant, impressionData: feature.impressionData }] : [];
    });
  }
}
