/** The public entry of the tags module: what other modules and hosts may use. */
export { TagsModule } from './tags.module.js';
export * from './tags.entities.js';
