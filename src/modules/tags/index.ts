/** The public entry of the tags module: what other modules and hosts may use. */
export { TagsModule } from './tags.module.js';
export { FeatureTagService } from './feature-tag.service.js';
export { CreateTagTypeSchema, TagTypeSchema } from './tag.dto.js';
export { TagTypeService } from './tag-type.service.js';
export * from './tags.entities.js';
