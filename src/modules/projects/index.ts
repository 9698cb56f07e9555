/** The public entry of the projects module: what other modules and hosts may use. */
export { ProjectsModule } from './projects.module.js';
export * from './projects.entities.js';
