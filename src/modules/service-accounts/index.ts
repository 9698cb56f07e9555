/** The public entry of the service-accounts module: what other modules and hosts may use. */
export { ServiceAccountsModule } from './service-accounts.module.js';
