import { Inject, Injectable } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import type { UiConfigSchema } from './ui-config.dto.js';
import { serviceVersion } from './service-version.js';

/** `GET /api/admin/ui-config`: the configuration a console starts from, read from the running configuration. */
@Injectable()
export class UiConfigService {
  private readonly version = serviceVersion();

  constructor(@Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig) {}

  /** `origin` is where the request reached the service (scheme and host), which the service is not told otherwise. */
  uiConfig(origin: string): UiConfigSchema {
    const { config } = this;
    const hostSignsIn = config.hostUsers !== undefined;
    return {
      name: config.productName,
      version: this.version,
      unleashUrl: `${origin}${config.basePath}`,
      baseUriPath: config.basePath,
      versionInfo: { current: { oss: this.version }, latest: {}, isLatest: true },
      authenticationType: hostSignsIn ? 'custom' : 'open-source',
      disablePasswordAuth: false,
      emailEnabled: false,
      maintenanceMode: false,
      maxSessionsCount: config.session.maxParallelSessions,
      resourceLimits: {
        constraints: config.limits.constraintsPerStrategy,
        constraintValues: config.limits.valuesPerConstraint,
        featureEnvironmentStrategies: config.limits.strategiesPerFeatureEnvironment,
        personalAccessTokens: config.limits.personalAccessTokensPerUser,
        strategySegments: config.limits.segmentsPerStrategy,
      },
      flags: {
        hostUsers: hostSignsIn,
        inProcessEvaluation: config.sdk.inProcessEvaluation,
        projectContextFields: true,
      },
    };
  }
}
