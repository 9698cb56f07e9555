/** The public entry of the groups module: what other modules and hosts may use. */
export { GroupsModule } from './groups.module.js';
export { GroupSchema } from './group.dto.js';
export type { Group } from './group.model.js';
export { GroupReadModel, type GroupRow } from './group.read-model.js';
export { GroupService, SSO_MEMBERSHIP } from './group.service.js';
export * from './groups.entities.js';
