/** The public entry of the users module: what other modules and hosts may use. */
export { UsersModule } from './users.module.js';
export { imageUrlFor } from './image-url.js';
export type { ServiceAccountRecord } from './service-account-user.store.js';
export { ServiceAccountUsers } from './service-account-users.js';
export { CreateUserSchema, UserSchema } from './user.dto.js';
export { PASSWORD_RULE } from './password-policy.js';
export { IsAcceptablePassword, IsRootRoleReference } from './user.validators.js';
export type { UserJson } from './user.model.js';
export { toUserSchema, userColumns, UserReadModel } from './user.read-model.js';
export { UserService } from './user.service.js';
export * from './users.entities.js';
