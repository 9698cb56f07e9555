import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { FlagwrightModuleOptions } from './flagwright-config.js';

/** Settings needed while the module is being defined, before async options resolve. */
export interface FlagwrightModuleExtras {
  /** Mount every route of the service under this path inside the host (e.g. "flags"). */
  routePrefix?: string;
  /** Name of the host's TypeORM data source holding our entities (TypeOrmModule's default one when omitted). */
  dataSourceName?: string;
  /**
   * Make what the module exports (`FeatureFlags`) injectable in every module of the host, as `ConfigModule`'s
   * `isGlobal` does; otherwise only modules that import FlagwrightModule's dynamic module see it.
   */
  isGlobal?: boolean;
}

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN, OPTIONS_TYPE, ASYNC_OPTIONS_TYPE } =
  new ConfigurableModuleBuilder<FlagwrightModuleOptions>({ moduleName: 'Flagwright' })
    .setClassMethodName('forRoot')
    .setExtras<FlagwrightModuleExtras>({ routePrefix: '', isGlobal: false }, (definition, extras) => ({
      ...definition,
      global: extras.isGlobal,
    }))
    .build();
