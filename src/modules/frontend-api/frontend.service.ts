import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { KeptAnswer, SdkScopeResolver, type SdkSnapshot, SdkSnapshots } from '../client-api/index.js';
import { strongEtag } from '../../core/http/entity-tag.js';
import { type EvaluationContext, FeatureEvaluator } from './evaluate.js';

/**
 * The frontend API: the server evaluates every feature of the caller's scope for the given context, with the
 * official Node SDK's engine over the scope's in-memory snapshot (one evaluator per snapshot, reused by every
 * request until the configuration changes).
 */
@Injectable()
export class FrontendService {
  constructor(
    private readonly scopes: SdkScopeResolver,
    private readonly snapshots: SdkSnapshots,
    private readonly clock: Clock,
  ) {}

  /** `{toggles}` for the context, serialized, with a strong ETag of its bytes. */
  async answer(principal: Principal, environment: string | undefined, context: EvaluationContext): Promise<KeptAnswer> {
    const scope = await this.scopes.resolve(principal, { environment });
    const snapshot = await this.snapshots.snapshot(scope);
    const toggles = this.evaluatorOf(snapshot).enabledToggles({ ...context, environment: scope.environment });
    const body = Buffer.from(JSON.stringify({ toggles }));
    return new KeptAnswer(strongEtag(body), body);
  }

  /** The snapshot's evaluator, built on first use. */
  evaluatorOf(snapshot: SdkSnapshot): FeatureEvaluator {
    return snapshot.memo('evaluator', () => new FeatureEvaluator(snapshot.set, { now: () => this.clock.now() }));
  }
}
