/** The public entry of the project-access module: what other modules and hosts may use. */
export { ProjectAccessModule } from './project-access.module.js';
export { ProjectAccessService } from './project-access.service.js';
export * from './project-access.entities.js';
