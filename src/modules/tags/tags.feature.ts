import type { FeatureDefinition } from '../../features.js';
import { FeatureTagController } from './feature-tag.controller.js';
import { FeatureTagService } from './feature-tag.service.js';
import { FeatureTagStore, SqlFeatureTagStore } from './feature-tag.store.js';
import { TagTypeController } from './tag-type.controller.js';
import { TagTypeService } from './tag-type.service.js';
import { SqlTagTypeStore, TagTypeStore } from './tag-type.store.js';

export const tagsFeature: FeatureDefinition = {
  controllers: [TagTypeController, FeatureTagController],
  providers: [
    TagTypeService,
    FeatureTagService,
    { provide: TagTypeStore, useClass: SqlTagTypeStore },
    { provide: FeatureTagStore, useClass: SqlFeatureTagStore },
  ],
};
