/** The public entry of the edge module: what other modules and hosts may use. */
export { EdgeModule } from './edge.module.js';
