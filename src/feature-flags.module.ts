import { type DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod, type Type } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces/middleware/middleware-configuration.interface.js';
import { MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RouterModule } from '@nestjs/core';
import { ASYNC_OPTIONS_TYPE, ConfigurableModuleClass, type FlagwrightModuleExtras, OPTIONS_TYPE } from './core/config/module-definition.js';
import { CoreModule, routePrefixOf } from './core/core.module.js';
import { composeFeatureModules } from './core/feature-module.js';
import { JsonBodyMiddleware } from './core/http/json-body.middleware.js';
import { ApiTokensModule } from './modules/api-tokens/index.js';
import { AuthModule } from './modules/auth/index.js';
import { ClientApiModule } from './modules/client-api/index.js';
import { ClientMetricsModule } from './modules/client-metrics/index.js';
import { EdgeModule } from './modules/edge/index.js';
import { EnvironmentsModule } from './modules/environments/index.js';
import { EvaluationModule } from './modules/evaluation/index.js';
import { EventsModule } from './modules/events/index.js';
import { FeaturesModule } from './modules/features/index.js';
import { FrontendApiModule } from './modules/frontend-api/index.js';
import { GroupsModule } from './modules/groups/index.js';
import { HealthModule } from './modules/health/index.js';
import { PersonalAccessTokensModule } from './modules/personal-access-tokens/index.js';
import { ProjectAccessModule } from './modules/project-access/index.js';
import { ProjectsModule } from './modules/projects/index.js';
import { RolesModule } from './modules/roles/index.js';
import { SearchModule } from './modules/search/index.js';
import { SegmentsModule } from './modules/segments/index.js';
import { ServiceAccountsModule } from './modules/service-accounts/index.js';
import { SessionsModule } from './modules/sessions/index.js';
import { StrategiesModule } from './modules/strategies/index.js';
import { TagsModule } from './modules/tags/index.js';
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
  TagsModule,
  StrategiesModule,
  SegmentsModule,
  ServiceAccountsModule,
  ApiTokensModule,
  UsersModule,
  AuthModule,
  RolesModule,
  GroupsModule,
  ProjectAccessModule,
  SearchModule,
  EdgeModule,
  EvaluationModule,
];

/** Every controller of the service, in route order (also what docs/permissions.md lists). */
export const FLAGWRIGHT_CONTROLLERS = FEATURE_MODULES.flatMap(
  (module): Type<unknown>[] => Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [],
);

/** The `routePrefix` extra, normalised ("" or "/flags"). */
const ROUTE_PREFIX = Symbol('FLAGWRIGHT_ROUTE_PREFIX');

/**
 * The embeddable service: the core built from the host's options and the feature modules on top of it. Guards, pipe
 * and filter are bound per controller (see ApiController), and JSON bodies are parsed only for our routes, so nothing
 * here changes how the host application's own routes behave.
 */
@Module({})
export class FlagwrightModule extends ConfigurableModuleClass implements NestModule {
  static forRoot(options: typeof OPTIONS_TYPE): DynamicModule {
    return compose(super.forRoot(options), options);
  }

  static forRootAsync(options: typeof ASYNC_OPTIONS_TYPE): DynamicModule {
    return compose(super.forRootAsync(options), options);
  }

  constructor(@Inject(ROUTE_PREFIX) private readonly routePrefix: string) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes(...bodyRoutes(this.routePrefix));
  }
}

/**
 * Where JSON bodies are parsed: one wildcard per path our controllers live under (`api/admin/projects`,
 * `api/client`, `auth/simple`, ...: ours alone), rather than one middleware layer per route, since Express tests
 * every middleware layer on every request. Controllers at the root keep their exact routes. Strings are not
 * prefixed by RouterModule, so the route prefix is added here.
 */
function bodyRoutes(prefix: string): (Type<unknown> | RouteInfo)[] {
  const atRoot: Type<unknown>[] = [];
  const bases = new Set<string>();
  for (const controller of FLAGWRIGHT_CONTROLLERS) {
    const segments = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '')
      .split('/')
      .filter(Boolean)
      .slice(0, 3);
    const firstParameter = segments.findIndex((segment) => segment.startsWith(':'));
    const base = firstParameter < 0 ? segments : segments.slice(0, firstParameter);
    if (base.length === 0) atRoot.push(controller);
    else bases.add(`${prefix}/${base.join('/')}`);
  }
  return [...atRoot, ...[...bases].map((base) => ({ path: `${base}{/*rest}`, method: RequestMethod.ALL }))];
}

/** `definition` is what ConfigurableModuleBuilder made of the options; they move into the core, which owns them. */
function compose({ imports, providers, exports, ...definition }: DynamicModule, extras: FlagwrightModuleExtras): DynamicModule {
  const prefix = routePrefixOf(extras);
  const core = CoreModule.fromOptions({ module: CoreModule, imports, providers }, extras);
  return {
    ...definition,
    imports: [
      core,
      ...composeFeatureModules(core, FEATURE_MODULES),
      ...(prefix ? [RouterModule.register([{ path: prefix, module: FlagwrightModule, children: FEATURE_MODULES }])] : []),
    ],
    providers: [{ provide: ROUTE_PREFIX, useValue: prefix }],
    exports: [...(exports ?? []), EvaluationModule],
  };
}
