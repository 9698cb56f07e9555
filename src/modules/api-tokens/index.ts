/** The public entry of the api-tokens module: what other modules and hosts may use. */
export { ApiTokensModule } from './api-tokens.module.js';
export { ALL_PROJECTS, DEFAULT_SDK_ENVIRONMENT } from './api-token.model.js';
export * from './api-tokens.entities.js';
