/** The public entry of the sessions module: what other modules and hosts may use. */
export { SessionsModule } from './sessions.module.js';
export { SessionService } from './session.service.js';
export * from './sessions.entities.js';
