import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { FRONTEND_SETTINGS, FrontendOrigins } from '../../core/http/frontend-cors.js';
import { EVENT, EventService } from '../events/index.js';
import { serviceVersion } from './service-version.js';
import { SettingStore } from './setting.store.js';
import type { UiConfigSchema } from './ui-config.dto.js';

/**
 * `GET /api/admin/ui-config`: the configuration a console starts from, read from the running configuration; and the
 * frontend API's CORS origins, kept as Unleash keeps them (the `unleash.frontend` setting, `setting-created` or
 * `setting-updated` events with the origins).
 */
@Injectable()
export class UiConfigService {
  private readonly version = serviceVersion();

  constructor(
    private readonly settings: SettingStore,
    private readonly origins: FrontendOrigins,
    private readonly events: EventService,
    private readonly db: Database,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** `origin` is where the request reached the service (scheme and host), which the service is not told otherwise. */
  async uiConfig(origin: string): Promise<UiConfigSchema> {
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
      frontendApiOrigins: await this.origins.current(),
    };
  }

  /** Sets where browsers may call the frontend API from; this instance answers with them at once. */
  async setFrontendOrigins(frontendApiOrigins: string[], actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const previous = await this.settings.find<{ frontendApiOrigins?: string[] }>(FRONTEND_SETTINGS, true);
      const content = { ...previous, frontendApiOrigins };
      await this.settings.upsert(FRONTEND_SETTINGS, content);
      await this.events.record({
        type: previous ? EVENT.SETTING_UPDATED : EVENT.SETTING_CREATED,
        actor,
        data: { id: FRONTEND_SETTINGS, ...content },
        ...(previous && { preData: previous }),
      });
    });
    this.origins.remember(frontendApiOrigins);
  }
}
