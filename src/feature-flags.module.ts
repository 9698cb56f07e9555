import { type DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod, type Type } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces/middleware/middleware-configuration.interface.js';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { RouterModule } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccessReadModel } from './core/access/access.read-model.js';
import { AuthGuard } from './core/access/auth.guard.js';
import { CredentialsReadModel } from './core/access/credentials.read-model.js';
import { PasswordHasher } from './core/access/password-hasher.js';
import { PermissionGuard } from './core/access/permission.guard.js';
import { BootstrapService } from './core/bootstrap/bootstrap.service.js';
import { Clock } from './core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightModuleOptions, normaliseBasePath, resolveConfig } from './core/config/flagwright-config.js';
import { ChangeWatcher } from './core/database/change-watcher.js';
import { Database } from './core/database/database.js';
import { ErrorFilter } from './core/errors/error.filter.js';
import { ContentTypeGuard } from './core/http/content-type.guard.js';
import { JsonBodyMiddleware } from './core/http/json-body.middleware.js';
import { RequestValidationPipe } from './core/http/request-validation.pipe.js';
import {
  ASYNC_OPTIONS_TYPE,
  ConfigurableModuleClass,
  type FlagwrightModuleExtras,
  MODULE_OPTIONS_TOKEN,
  OPTIONS_TYPE,
} from './feature-flags.module-definition.js';
import { FEATURES } from './features.js';
import { FeatureFlags } from './modules/evaluation/feature-flags.service.js';

const controllers = FEATURES.flatMap((feature) => feature.controllers);

/** The `routePrefix` extra, normalised ("" or "/flags"). */
const ROUTE_PREFIX = Symbol('FLAGWRIGHT_ROUTE_PREFIX');

/**
 * Where JSON bodies are parsed: one wildcard per path our controllers live under (`api/admin/projects`,
 * `api/client`, `auth/simple`, ...: ours alone), rather than one middleware layer per route, since Express tests
 * every middleware layer on every request. Controllers at the root keep their exact routes. Strings are not
 * prefixed by RouterModule, so the route prefix is added here.
 */

/**
 * The embeddable service. Guards, pipe and filter are bound per controller (see ApiController), and JSON bodies
 * are parsed only for our routes, so nothing here changes how the host application's own routes behave.
 */
@Module({
  imports: [TerminusModule],
  controllers,
  providers: [
    Clock,
    ChangeWatcher,
    PasswordHasher,
    CredentialsReadModel,
    AccessReadModel,
    AuthGuard,
    PermissionGuard,
    ContentTypeGuard,
    RequestValidationPipe,
    ErrorFilter,
    BootstrapService,
    FeatureFlags,
    ...FEATURES.flatMap((feature) => feature.providers),
  ],
  exports: [FeatureFlags],
})
export class FlagwrightModule extends ConfigurableModuleClass implements NestModule {
  static forRoot(options: typeof OPTIONS_TYPE): DynamicModule {
    return withCore(super.forRoot(options), options);
  }

  static forRootAsync(options: typeof ASYNC_OPTIONS_TYPE): DynamicModule {
    return withCore(super.forRootAsync(options), options);
  }

  constructor(@Inject(ROUTE_PREFIX) private readonly routePrefix: string) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes(...bodyRoutes(this.routePrefix));
  }
}

function bodyRoutes(prefix: string): (Type<unknown> | RouteInfo)[] {
  const atRoot: Type<unknown>[] = [];
  const bases = new Set<string>();
  for (const controller of controllers) {
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

function withCore(definition: DynamicModule, extras: FlagwrightModuleExtras): DynamicModule {
  const prefix = normaliseBasePath(extras.routePrefix ?? '');
  return {
    ...definition,
    imports: [...(definition.imports ?? []), ...(prefix ? [RouterModule.register([{ path: prefix, module: FlagwrightModule }])] : [])],
    providers: [
      ...(definition.providers ?? []),
      { provide: ROUTE_PREFIX, useValue: prefix },
      {
        provide: FLAGWRIGHT_CONFIG,
        inject: [MODULE_OPTIONS_TOKEN],
        useFactory: (options: FlagwrightModuleOptions) =>
          resolveConfig({ ...options, basePath: `${normaliseBasePath(options.basePath ?? '')}${prefix}` }),
      },
      {
        provide: Database,
        inject: [MODULE_OPTIONS_TOKEN, { token: getDataSourceToken(extras.dataSourceName), optional: true }],
        useFactory: (options: FlagwrightModuleOptions, registered?: DataSource) => {
          const dataSource = options.dataSource ?? registered;
          if (!dataSource) throw new Error('Flagwright needs a data source: pass `dataSource` or register one with TypeOrmModule.');
          return new Database(dataSource);
        },
      },
    ],
  };
}
