/** The public entry of the ui-config module: what other modules and hosts may use. */
export { UiConfigModule } from './ui-config.module.js';
