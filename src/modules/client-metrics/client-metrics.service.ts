import { Injectable } from '@nestjs/common';
import type { ApiTokenPrincipal, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { invalidProperty } from '../../core/errors/app-error.js';
import { ALL_PROJECTS, DEFAULT_SDK_ENVIRONMENT } from '../api-tokens/index.js';
import type { BulkMetrics, ClientMetrics, ClientRegistration, MetricsSource, ReportableProjects } from './client-metrics.model.js';
import { MetricsWriter } from './metrics-writer.js';
import { ReportingEnvironments } from './reporting-environments.js';
import { missingOwnEnvironment } from './client-metrics.errors.js';

/**
 * What SDKs (backend, frontend, and Unleash Edge on their behalf) report. A report is checked (its environment
 * must exist) and added to this instance's pending batch, which the MetricsWriter writes a few seconds later: counts
 * per feature, application, environment and the hour of the bucket's start; last-seen times; the lifecycle step a
 * feature's first metrics cause; applications and instances. Unknown features, and features outside a
 * project-scoped token's projects, are dropped when the batch is written.
 */
@Injectable()
export class ClientMetricsService {
  constructor(
    private readonly writer: MetricsWriter,
    private readonly environments: ReportingEnvironments,
    private readonly clock: Clock,
  ) {}

  async record(metrics: ClientMetrics, principal: Principal, clientIp?: string): Promise<void> {
    const source = await this.sourceOf(principal, metrics.environment, clientIp);
    const now = this.clock.now();
    await this.writer.add((batch) => {
      batch.count(source, metrics.appName, metrics.bucket.start, metrics.bucket.toggles, now);
      batch.touchApplication(metrics.appName, now);
      batch.touchInstance({ appName: metrics.appName, instanceId: metrics.instanceId, environment: source.environment, clientIp }, now);
    });
  }

  async register(registration: ClientRegistration, principal: Principal, clientIp?: string): Promise<void> {
    const source = await this.sourceOf(principal, registration.environment, clientIp);
    const now = this.clock.now();
    await this.writer.add((batch) => {
      batch.touchApplication(registration.appName, now, registration.strategies);
      batch.touchInstance(
        {
          appName: registration.appName,
          instanceId: registration.instanceId,
          environment: source.environment,
          sdkVersion: registration.sdkVersion,
          clientIp,
        },
        now,
      );
    });
  }

  /**
   * Edge's batch: each metric and registration names its environment. A client token reports only for its own
   * environment (the others are ignored, as Unleash ignores them); admin users for any existing one (metrics of an
   * environment that does not exist are ignored too, so one stray SDK cannot make Edge lose the whole batch).
   */
  async recordBulk(bulk: BulkMetrics, principal: Principal, clientIp?: string): Promise<void> {
    const named = [...bulk.metrics, ...bulk.applications].map((item) => item.environment);
    const reportable = isBound(principal) ? new Set([await this.ownEnvironment(principal)]) : await this.environments.existing(named);
    const projects = projectsOf(principal);
    const now = this.clock.now();
    await this.writer.add((batch) => {
      for (const metric of bulk.metrics) {
        if (!reportable.has(metric.environment)) continue;
        batch.count(
          { environment: metric.environment, projects },
          metric.appName,
          metric.timestamp,
          [[metric.featureName, metric.counts]],
          now,
        );
        batch.touchApplication(metric.appName, now);
      }
      for (const application of bulk.applications) {
        if (!reportable.has(application.environment)) continue;
        const { appName, instanceId, environment, sdkVersion, strategies } = application;
        batch.touchApplication(appName, now, strategies);
        batch.touchInstance({ appName, instanceId, environment, sdkVersion, clientIp }, now);
      }
    });
  }

  /**
   * A client or frontend token reports into its own environment and projects, whatever the body says. Admin users
   * have no environment of their own: the body's `environment` names it, `development` otherwise (as for
   * GET /api/client/features).
   */
  private async sourceOf(principal: Principal, requested: string | undefined, clientIp?: string): Promise<MetricsSource> {
    if (isBound(principal)) return { environment: await this.ownEnvironment(principal), projects: projectsOf(principal), clientIp };
    const environment = requested ?? DEFAULT_SDK_ENVIRONMENT;
    if (!(await this.environments.exists(environment))) {
      if (requested === undefined) throw missingOwnEnvironment(environment);
      throw invalidProperty(
        '/body/environment',
        `The \`/body/environment\` property must name an existing environment. There is no environment named ${JSON.stringify(environment)}.`,
      );
    }
    return { environment, projects: 'all', clientIp };
  }

  private async ownEnvironment(principal: ApiTokenPrincipal): Promise<string> {
    if (!(await this.environments.exists(principal.environment))) throw missingOwnEnvironment(principal.environment);
    return principal.environment;
  }
}

function isBound(principal: Principal): principal is ApiTokenPrincipal {
  return principal.kind === 'api-token' && principal.type !== 'admin' && principal.environment !== '*';
}

function projectsOf(principal: Principal): ReportableProjects {
  return isBound(principal) && !principal.projects.includes(ALL_PROJECTS) ? principal.projects : 'all';
}
