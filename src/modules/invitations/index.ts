/** The public entry of the invitations module: what other modules and hosts may use. */
export { InvitationsModule } from './invitations.module.js';
export * from './invitations.entities.js';
