/** The public entry of the context-fields module: what other modules and hosts may use. */
export { ContextFieldsModule } from './context-fields.module.js';
export { ConstraintChecker } from './constraint-checker.js';
export { CreateContextFieldSchema, LegalValueSchema } from './context-field.dto.js';
export { ContextFieldService } from './context-field.service.js';
export * from './context-fields.entities.js';
