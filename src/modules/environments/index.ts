/** The public entry of the environments module: what other modules and hosts may use. */
export { EnvironmentsModule } from './environments.module.js';
export { EnvironmentStore } from './environment.store.js';
export * from './environments.entities.js';
