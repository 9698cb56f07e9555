/** The public entry of the playground module: what other modules and hosts may use. */
export { PlaygroundModule } from './playground.module.js';
