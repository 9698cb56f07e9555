import { type DynamicModule, Module } from '@nestjs/common';
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
import { checkDataSource } from './core/database/data-source-checks.js';
import { Database } from './core/database/database.js';
import { ErrorFilter } from './core/errors/error.filter.js';
import { ContentTypeGuard } from './core/http/content-type.guard.js';
import { JsonBodyGuard } from './core/http/json-body.guard.js';
import { RequestValidationPipe } from './core/http/request-validation.pipe.js';
import {
  ASYNC_OPTIONS_TYPE,
  ConfigurableModuleClass,
  type FlagwrightModuleExtras,
  MODULE_OPTIONS_TOKEN,
  OPTIONS_TYPE,
} from './feature-flags.module-definition.js';
import { flagwrightEntities } from './entities.js';
import { FEATURES } from './features.js';
import { FeatureFlags } from './modules/evaluation/feature-flags.service.js';

/**
 * The embeddable service. Body parsing, guards, pipe and filter are bound per controller (see ApiController), so
 * nothing here changes how the host application's own routes behave.
 */
@Module({
  imports: [TerminusModule],
  controllers: FEATURES.flatMap((feature) => feature.controllers),
  providers: [
    Clock,
    ChangeWatcher,
    PasswordHasher,
    CredentialsReadModel,
    AccessReadModel,
    AuthGuard,
    PermissionGuard,
    ContentTypeGuard,
    JsonBodyGuard,
    RequestValidationPipe,
    ErrorFilter,
    BootstrapService,
    FeatureFlags,
    ...FEATURES.flatMap((feature) => feature.providers),
  ],
  exports: [FeatureFlags],
})
export class FlagwrightModule extends ConfigurableModuleClass {
  static forRoot(options: typeof OPTIONS_TYPE): DynamicModule {
    return withCore(super.forRoot(options), options);
  }

  static forRootAsync(options: typeof ASYNC_OPTIONS_TYPE): DynamicModule {
    return withCore(super.forRootAsync(options), options);
  }
}

function withCore(definition: DynamicModule, extras: FlagwrightModuleExtras): DynamicModule {
  const prefix = normaliseBasePath(extras.routePrefix ?? '');
  return {
    ...definition,
    imports: [...(definition.imports ?? []), ...(prefix ? [RouterModule.register([{ path: prefix, module: FlagwrightModule }])] : [])],
    providers: [
      ...(definition.providers ?? []),
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
          checkDataSource(dataSource, flagwrightEntities);
          return new Database(dataSource);
        },
      },
    ],
  };
}
