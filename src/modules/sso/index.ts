/** The public entry of the sso module: what other modules and hosts may use. */
export { SsoModule } from './sso.module.js';
export { SsoStatus, type SsoStatusJson } from './sso-status.js';
export * from './sso.entities.js';
