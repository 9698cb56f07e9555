/** The public entry of the search module: what other modules and hosts may use. */
export { SearchModule } from './search.module.js';
export * from './search.entities.js';
