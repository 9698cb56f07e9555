import { type DynamicModule, type INestApplication, Module, type Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { ApplicationConfig, HttpAdapterHost, RouterModule } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ASYNC_OPTIONS_TYPE, ConfigurableModuleClass, type FlagwrightModuleExtras, OPTIONS_TYPE } from './core/config/module-definition.js';
import { CoreModule, routePrefixOf, routesBasePath } from './core/core.module.js';
import { composeFeatureModules } from './core/feature-module.js';
import { buildOpenApiDocument } from './core/http/openapi.js';
import { PrefixBoundary } from './core/http/prefix-boundary.js';
import { flagwrightEntities } from './entities.js';
import { ApiTokensModule } from './modules/api-tokens/index.js';
import { AuthModule } from './modules/auth/index.js';
import { InvitationsModule } from './modules/invitations/index.js';
import { ClientApiModule } from './modules/client-api/index.js';
import { ClientMetricsModule } from './modules/client-metrics/index.js';
import { consoleServerProvider } from './modules/console/index.js';
import { ContextFieldsModule } from './modules/context-fields/index.js';
import { EdgeModule } from './modules/edge/index.js';
import { EnvironmentsModule } from './modules/environments/index.js';
import { EvaluationModule } from './modules/evaluation/index.js';
import { EventsModule } from './modules/events/index.js';
import { ExportImportModule } from './modules/export-import/index.js';
import { FeaturesModule } from './modules/features/index.js';
import { FeatureTypesModule } from './modules/feature-types/index.js';
import { FrontendApiModule } from './modules/frontend-api/index.js';
import { GroupsModule } from './modules/groups/index.js';
import { HealthModule } from './modules/health/index.js';
import { PlaygroundModule } from './modules/playground/index.js';
import { PersonalAccessTokensModule } from './modules/personal-access-tokens/index.js';
import { ProjectAccessModule } from './modules/project-access/index.js';
import { ProjectsModule } from './modules/projects/index.js';
import { RolesModule } from './modules/roles/index.js';
import { SearchModule } from './modules/search/index.js';
import { SegmentsModule } from './modules/segments/index.js';
import { ServiceAccountsModule } from './modules/service-accounts/index.js';
import { SessionsModule } from './modules/sessions/index.js';
import { SsoModule } from './modules/sso/index.js';
import { StrategiesModule } from './modules/strategies/index.js';
import { TagsModule } from './modules/tags/index.js';
import { UiConfigModule } from './modules/ui-config/index.js';
import { UsersModule } from './modules/users/index.js';

/**
 * Every feature module, SDK traffic first: Nest registers routes module by module in the order it meets them
 * (each module before the modules it imports, unless met earlier), Express tries them in that order, and SDK polls
 * are most of every request. The SDK modules import no module with routes, so their routes come first.
 */
const FEATURE_MODULES: Type<unknown>[] = [
  ClientApiModule,
  FrontendApiModule,
  ClientMetricsModule,
  HealthModule,
  EventsModule,
  PersonalAccessTokensModule,
  SessionsModule,
  ProjectsModule,
  EnvironmentsModule,
  FeaturesModule,
  FeatureTypesModule,
  TagsModule,
  StrategiesModule,
  SegmentsModule,
  ContextFieldsModule,
  UiConfigModule,
  ServiceAccountsModule,
  ApiTokensModule,
  UsersModule,
  AuthModule,
  InvitationsModule,
  RolesModule,
  GroupsModule,
  SsoModule,
  ProjectAccessModule,
  SearchModule,
  PlaygroundModule,
  ExportImportModule,
  EdgeModule,
  EvaluationModule,
];

/** Every controller of the service, in route order (also what docs/permissions.md lists). */
export const FLAGWRIGHT_CONTROLLERS = FEATURE_MODULES.flatMap(
  (module): Type<unknown>[] => Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [],
);

/** The `routePrefix` of the FlagwrightModule in the application, normalised ("" or "/flags"). */
const ROUTE_PREFIX = Symbol('flagwright:route-prefix');

/**
 * The embeddable service: the core built from the host's options and the feature modules on top of it. Body
 * parsing, guards, pipe and filter are bound per controller (see ApiController), so nothing here changes how the host
 * application's own routes behave.
 */
@Module({})
export class FlagwrightModule extends ConfigurableModuleClass {
  static forRoot(options: typeof OPTIONS_TYPE): DynamicModule {
    return compose(super.forRoot(options), options);
  }

  static forRootAsync(options: typeof ASYNC_OPTIONS_TYPE): DynamicModule {
    return compose(super.forRootAsync(options), options);
  }

  /**
   * Serves Flagwright's own OpenAPI document (its routes only) and Swagger UI under its routes: with
   * `routePrefix: 'flags'`, the UI at `/flags/docs/openapi` and the document at `/flags/docs/openapi.json`, behind
   * the host's global prefix if it has one. Call it once the application is created, before it listens.
   */
  static serveDocs(app: INestApplication, path = 'docs/openapi'): void {
    const at = `${app.get<string>(ROUTE_PREFIX, { strict: false })}/${path}`.replace(/^\/+/, '');
    // The document is built on the first request for it, not at start-up: start time and idle memory stay low.
    SwaggerModule.setup(at, app, () => buildOpenApiDocument(app, FEATURE_MODULES), {
      jsonDocumentUrl: `${at}.json`,
      useGlobalPrefix: true,
    });
  }
}

/** `definition` is what ConfigurableModuleBuilder made of the options; they move into the core, which owns them. */
function compose({ imports, providers, exports, ...definition }: DynamicModule, extras: FlagwrightModuleExtras): DynamicModule {
  const prefix = routePrefixOf(extras);
  // Registers our entities for a data source with `autoLoadEntities: true`, as forFeature does for its own importer.
  // Its module is not imported: its repositories would need a TypeOrmModule data source, and a host may pass its own.
  TypeOrmModule.forFeature(flagwrightEntities, extras.dataSourceName);
  const core = CoreModule.fromOptions({ module: CoreModule, imports, providers }, extras, flagwrightEntities);
  return {
    ...definition,
    imports: [
      core,
      ...composeFeatureModules(core, FEATURE_MODULES),
      ...(prefix ? [RouterModule.register([{ path: prefix, module: FlagwrightModule, children: FEATURE_MODULES }])] : []),
    ],
    providers: [
      { provide: ROUTE_PREFIX, useValue: prefix },
      // Before PrefixBoundary: both mount on the prefix when the module initialises, in this order, and the
      // console answers before the prefix's 404.
      consoleServerProvider(prefix),
      {
        provide: PrefixBoundary,
        inject: [HttpAdapterHost, ApplicationConfig],
        useFactory: (adapterHost: HttpAdapterHost, application: ApplicationConfig) =>
          new PrefixBoundary(adapterHost, prefix, () => routesBasePath(application, prefix)),
      },
    ],
    exports: [...(exports ?? []), EvaluationModule],
  };
}
