/** The public entry for host applications. The standalone service starts from main.ts instead. */
export { FlagwrightModule } from './feature-flags.module.js';
export type { FlagwrightModuleExtras } from './core/config/module-definition.js';
export type { FlagwrightModuleOptions, FlagwrightConfig, OidcSettings, SsoOptions } from './core/config/flagwright-config.js';
export type { HostUser, HostUserRootRole, HostUsersOptions } from './core/access/host-user.js';
export { flagwrightEntities } from './entities.js';
export { flagwrightMigrations } from './core/database/migrations/index.js';
export { FLAGWRIGHT_MIGRATIONS_TABLE, runFlagwrightMigrations } from './core/database/migration-runner.js';
export { AppError, ERROR_STATUS, type ErrorName } from './core/errors/app-error.js';
export { FeatureFlags, type FlagContext } from './modules/evaluation/index.js';
export { RequireFlag, RequireFlagGuard, contextOfRequest, type FlagRequest } from './modules/evaluation/index.js';
export type { ToggleVariant } from './modules/frontend-api/index.js';
export { isFlagwrightRoute } from './core/http/api-kind.js';
