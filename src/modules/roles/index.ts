/** The public entry of the roles module: what other modules and hosts may use. */
export { RolesModule } from './roles.module.js';
export { EnvironmentPermissions } from './environment-permissions.js';
export { RoleSummarySchema, RolesSchema } from './role.dto.js';
export { type RoleSummary, ROOT_ROLE_TYPES } from './role.model.js';
export { RoleReadModel } from './role.read-model.js';
export * from './roles.entities.js';
