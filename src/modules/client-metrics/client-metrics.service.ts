import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { AppError, invalidProperty } from '../../core/errors/app-error.js';
import { ALL_PROJECTS } from '../api-tokens/api-token.model.js';
import { DEFAULT_SDK_ENVIRONMENT } from '../client-api/sdk-scope.resolver.js';
import { type ClientMetrics, type ClientRegistration, type MetricsSource, stageReachedIn } from './client-metrics.model.js';
import { ClientMetricsStore } from './client-metrics.store.js';

const HOUR_MS = 3_600_000;

/**
 * What SDKs report. Evaluation counts are kept per feature, environment and hour (the hour of the bucket's start);
 * reported features get their last-seen times, and a feature's first metrics move it from `initial` to
 * `pre-live` (any environment) or `live` (a production-type environment). Unknown features, and features outside
 * a project-scoped token's projects, are ignored.
 */
@Injectable()
export class ClientMetricsService {
  constructor(
    private readonly store: ClientMetricsStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async record(metrics: ClientMetrics, principal: Principal, clientIp?: string): Promise<void> {
    const source = this.sourceOf(principal, metrics.environment, clientIp);
    const now = this.clock.now();
    const reported = [...metrics.bucket.toggles].filter(([, counts]) => counts.yes + counts.no > 0);
    await this.db.transaction(async () => {
      const environmentType = await this.environmentTypeOf(source.environment, metrics.environment !== undefined && !isBound(principal));
      const known = new Set(await this.store.existingFeatures(reported.map(([name]) => name), source.projects));
      const counted = reported.filter(([name]) => known.has(name));
      if (counted.length) {
        const names = counted.map(([name]) => name);
        await this.store.addHourlyCounts(source.environment, hourOf(metrics.bucket.start), counted.map(([featureName, c]) => ({ featureName, yes: c.yes, no: c.no })));
        await this.store.markSeen(names, source.environment, now);
        await this.store.advanceLifecycle(names, stageReachedIn(environmentType), now);
      }
      await this.store.touchApplication(metrics.appName, now);
      await this.store.touchInstance({ appName: metrics.appName, instanceId: metrics.instanceId, environment: source.environment, clientIp: source.clientIp }, now);
    });
  }

  async register(registration: ClientRegistration, principal: Principal, clientIp?: string): Promise<void> {
    const source = this.sourceOf(principal, registration.environment, clientIp);
    const now = this.clock.now();
    await this.db.transaction(async () => {
      await this.environmentTypeOf(source.environment, registration.environment !== undefined && !isBound(principal));
      await this.store.touchApplication(registration.appName, now, registration.strategies);
      await this.store.touchInstance(
        { appName: registration.appName, instanceId: registration.instanceId, environment: source.environment, sdkVersion: registration.sdkVersion, clientIp: source.clientIp },
        now,
      );
    });
  }

  /**
   * A client token reports into its own environment and projects, whatever the body says. Admin tokens and users
   * have no environment of their own: the body's `environment` names it, `development` otherwise (as for
   * GET /api/client/features).
   */
  private sourceOf(principal: Principal, requested: string | undefined, clientIp?: string): MetricsSource {
    if (isBound(principal)) {
      const projects = principal.projects.includes(ALL_PROJECTS) ? 'all' : principal.projects;
      return { environment: principal.environment, projects, clientIp };
    }
    return { environment: requested ?? DEFAULT_SDK_ENVIRONMENT, projects: 'all', clientIp };
  }

  private async environmentTypeOf(environment: string, namedInBody: boolean): Promise<string> {
    const type = await this.store.environmentType(environment);
    if (type !== undefined) return type;
    if (namedInBody) {
      throw invalidProperty('/body/environment', `The \`/body/environment\` property must name an existing environment. There is no environment named ${JSON.stringify(environment)}.`);
    }
    throw new AppError('ValidationError', `The environment ${JSON.stringify(environment)} of these credentials does not exist.`);
  }
}

function isBound(principal: Principal): principal is Extract<Principal, { kind: 'api-token' }> {
  return principal.kind === 'api-token' && principal.type !== 'admin' && principal.environment !== '*';
}

function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}
