/** The public entry of the environments module: what other modules and hosts may use. */
export { EnvironmentsModule } from './environments.module.js';
export { EnvironmentService } from './environment.service.js';
export * from './environments.entities.js';
