/** The public entry of the personal-access-tokens module: what other modules and hosts may use. */
export { PersonalAccessTokensModule } from './personal-access-tokens.module.js';
export { CreatePatDto, PatSchema, PatsSchema } from './pat.dto.js';
export type { CreatedPat, Pat } from './pat.model.js';
export { PatService } from './pat.service.js';
export * from './personal-access-tokens.entities.js';
