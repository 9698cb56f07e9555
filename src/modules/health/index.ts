/** The public entry of the health module: what other modules and hosts may use. */
export { HealthModule } from './health.module.js';
