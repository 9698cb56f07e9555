import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntitySchema } from 'typeorm';
import { AccessReadModel } from './access/access.read-model.js';
import { ApiTokenReferencesReadModel } from './access/api-token-references.read-model.js';
import { CredentialUses } from './access/credential-uses.js';
import { CredentialsReadModel } from './access/credentials.read-model.js';
import { HostUserPrincipals } from './access/host-user-principals.js';
import { PasswordHasher } from './access/password-hasher.js';
import { SignInWays } from './access/sign-in-ways.js';
import { BootstrapService } from './bootstrap/bootstrap.service.js';
import { Seeders } from './bootstrap/seeders.js';
import { Clock } from './clock.js';
import {
  FLAGWRIGHT_CONFIG,
  type FlagwrightConfig,
  type FlagwrightModuleOptions,
  loginPathUnder,
  normaliseBasePath,
  resolveConfig,
} from './config/flagwright-config.js';
import { type FlagwrightModuleExtras, MODULE_OPTIONS_TOKEN } from './config/module-definition.js';
import { ChangeWatcher } from './database/change-watcher.js';
import { checkDataSource } from './database/data-source-checks.js';
import { Database } from './database/database.js';
import { FrontendCorsGuard, FrontendOrigins } from './http/frontend-cors.js';
import { OwnRoutePipeline } from './http/own-route-pipeline.js';
import { RequestValidationPipe } from './http/request-validation.pipe.js';

/**
 * What feature modules inject from core. The guards and filter of `ApiController` are built from these in each
 * module; their routes read, validate and answer through `OwnRoutePipeline`.
 */
const SHARED = [
  Clock,
  ChangeWatcher,
  PasswordHasher,
  CredentialUses,
  CredentialsReadModel,
  HostUserPrincipals,
  SignInWays,
  AccessReadModel,
  ApiTokenReferencesReadModel,
  BootstrapService,
  Seeders,
  RequestValidationPipe,
  OwnRoutePipeline,
  FrontendOrigins,
  FrontendCorsGuard,
];

/** The route prefix a host asked for, normalised ("" or "/flags"). */
export function routePrefixOf(extras: FlagwrightModuleExtras): string {
  return normaliseBasePath(extras.routePrefix ?? '');
}

/** The route whose place stands for all of ours when the host's global prefix excludes some routes: where sessions start. */
const LOGIN_ROUTE = { path: '/auth/simple/login', method: RequestMethod.POST };

/**
 * The path in front of our routes as the application serves them: the host's global prefix (unless it excludes our
 * routes) and our route prefix. Read when used, not when the module is built: the host sets its global prefix on the
 * application after creating it, which builds every provider.
 */
export function routesBasePath(application: ApplicationConfig, routePrefix: string): string {
  const excluded = (application.getGlobalPrefixOptions().exclude ?? []).some(
    (route) =>
      (route.requestMethod === RequestMethod.ALL || route.requestMethod === LOGIN_ROUTE.method) &&
      route.pathRegex.test(`${routePrefix}${LOGIN_ROUTE.path}`),
  );
  return `${excluded ? '' : normaliseBasePath(application.getGlobalPrefix())}${routePrefix}`;
}

/** The config with `basePath` (and the login link) following the routes' real prefix, unless the host gave one. */
function withBasePathOfRoutes(config: FlagwrightConfig, application: ApplicationConfig, routePrefix: string): FlagwrightConfig {
  const basePath = () => routesBasePath(application, routePrefix);
  return Object.defineProperties(config, {
    basePath: { get: basePath, enumerable: true },
    loginPath: { get: () => loginPathUnder(basePath()), enumerable: true },
  });
}

/** Config, database, clock, credentials and bootstrap: one of each per FlagwrightModule, shared by every feature module. */
@Module({})
export class CoreModule {
  /**
   * The core of one `FlagwrightModule.forRoot()`/`forRootAsync()`: `definition` is what ConfigurableModuleBuilder made
   * of the host's options (their provider, and the imports of `forRootAsync`). Every feature module imports this one
   * object, which Nest keeps as one module instance; nothing here is global, so the host sees none of it. `entities`
   * are the ones the data source must hold (the modules', which core does not import).
   */
  static fromOptions(
    definition: DynamicModule,
    extras: FlagwrightModuleExtras,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
    entities: readonly (Function | EntitySchema)[],
  ): DynamicModule {
    const prefix = routePrefixOf(extras);
    return {
      module: CoreModule,
      imports: definition.imports ?? [],
      providers: [
        ...(definition.providers ?? []),
        {
          provide: FLAGWRIGHT_CONFIG,
          inject: [MODULE_OPTIONS_TOKEN, ApplicationConfig],
          useFactory: (options: FlagwrightModuleOptions, application: ApplicationConfig) => {
            const config = resolveConfig({ ...options, basePath: `${normaliseBasePath(options.basePath ?? '')}${prefix}` });
            return options.basePath === undefined ? withBasePathOfRoutes(config, application, prefix) : config;
          },
        },
        {
          provide: Database,
          inject: [MODULE_OPTIONS_TOKEN, { token: getDataSourceToken(extras.dataSourceName), optional: true }],
          useFactory: (options: FlagwrightModuleOptions, registered?: DataSource) => {
            const dataSource = options.dataSource ?? registered;
            if (!dataSource) throw new Error('Flagwright needs a data source: pass `dataSource` or register one with TypeOrmModule.');
            checkDataSource(dataSource, entities);
            return new Database(dataSource, options.performance?.pipelinedTransactions ?? true);
          },
        },
        ...SHARED,
      ],
      exports: [FLAGWRIGHT_CONFIG, Database, ...SHARED],
    };
  }
}
