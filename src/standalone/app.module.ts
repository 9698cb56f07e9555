import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { Database } from '../core/database/database.js';
import { ErrorFilter } from '../core/errors/error.filter.js';
import { FlagwrightModule } from '../feature-flags.module.js';
import { dataSourceOptions } from './data-source-options.js';
import type { StandaloneEnvironment } from './environment.js';
import { createRootLogger, ROOT_LOGGER } from './logging.js';
import { PinoNestLogger } from './nest-logger.js';
import { OpenApiDocs } from './openapi-docs.js';
import { ShutdownLogger } from './shutdown-logger.js';
import { SqliteCheckpoints } from './sqlite-checkpoints.js';

const ENVIRONMENT = 'flagwright';

/** The standalone host: configuration from the environment, one database, JSON logs, and the service itself. */
@Module({})
export class AppModule {
  /** `logDestination` receives the log lines instead of stdout (tests capture them). */
  static register(environment: StandaloneEnvironment, logDestination?: DestinationStream): DynamicModule {
    const rootLogger = createRootLogger(environment.logLevel, logDestination);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => ({ [ENVIRONMENT]: environment })] }),
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService) => dataSourceOptions(config.getOrThrow<StandaloneEnvironment>(ENVIRONMENT)),
        }),
        FlagwrightModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService) => {
            const env = config.getOrThrow<StandaloneEnvironment>(ENVIRONMENT);
            return {
              runMigrations: env.migrationsRun,
              basePath: env.baseUriPath,
              productName: 'Unleash',
              publicUrl: env.publicUrl,
              email: env.email,
              session: {
                secret: env.sessionSecret,
                ttlHours: env.sessionTtlHours,
                cookieName: env.sessionCookieName,
                secure: env.secureCookies,
                maxParallelSessions: env.maxParallelSessions,
              },
              login: {
                rateLimitPerMinute: env.loginRateLimitPerMinute,
                passwordResetLimitPerMinute: env.passwordResetLimitPerMinute,
                lockoutThreshold: env.loginLockoutThreshold,
                lockoutMinutes: env.loginLockoutMinutes,
              },
              limits: env.limits,
              metricsFlushIntervalSeconds: env.metricsFlushIntervalSeconds,
              metricsRetentionHours: env.metricsRetentionHours,
              playgroundEvaluationLimit: env.playgroundEvaluationLimit,
              potentiallyStaleCheckIntervalSeconds: env.potentiallyStaleCheckIntervalSeconds,
              userInactivityThresholdInDays: env.userInactivityThresholdInDays,
              frontendApiOrigins: env.frontendApiOrigins,
              sdk: { keptScopes: env.sdkKeptScopes, inProcessEvaluation: env.sdkInProcessEvaluation },
              performance: {
                lowPriorityHashing: env.performance.lowPriorityHashing,
                pipelinedTransactions: env.performance.pipelinedTransactions,
              },
              sso: {
                oidc: env.oidc,
                secretKey: env.authSecretKey,
                breakGlassUsername: env.breakGlassUsername,
              },
              bootstrap: {
                adminUsername: env.adminUsername,
                adminPassword: env.adminPassword,
                adminApiTokens: env.initAdminApiTokens,
                clientApiTokens: env.initClientApiTokens,
                frontendApiTokens: env.initFrontendApiTokens,
              },
            };
          },
        }),
      ],
      // Standalone only: unknown routes and errors outside our controllers get the same error body.
      providers: [
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: ROOT_LOGGER, useValue: rootLogger },
        PinoNestLogger,
        ShutdownLogger,
        OpenApiDocs,
        {
          provide: SqliteCheckpoints,
          inject: [DataSource, ModuleRef],
          useFactory: (dataSource: DataSource, modules: ModuleRef) =>
            new SqliteCheckpoints(dataSource, () => modules.get(Database, { strict: false })),
        },
      ],
    };
  }
}

export { ENVIRONMENT };
