import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { FeaturesModule } from '../features/index.js';
import { FeatureTagController } from './feature-tag.controller.js';
import { FeatureTagService } from './feature-tag.service.js';
import { FeatureTagStore, SqlFeatureTagStore } from './feature-tag.store.js';
import { ProjectTagController, TagController } from './tag.controller.js';
import { TagService } from './tag.service.js';
import { SqlTagStore, TagStore } from './tag.store.js';
import { TagTypeController } from './tag-type.controller.js';
import { TagTypeSeeder } from './tag-type.seeder.js';
import { TagTypeService } from './tag-type.service.js';
import { SqlTagTypeStore, TagTypeStore } from './tag-type.store.js';

@FeatureModule({
  imports: [EventsModule, FeaturesModule],
  controllers: [TagTypeController, TagController, FeatureTagController, ProjectTagController],
  providers: [
    TagTypeService,
    TagTypeSeeder,
    FeatureTagService,
    TagService,
    { provide: TagStore, useClass: SqlTagStore },
    { provide: TagTypeStore, useClass: SqlTagTypeStore },
    { provide: FeatureTagStore, useClass: SqlFeatureTagStore },
  ],
  exports: [FeatureTagService, TagTypeService],
})
export class TagsModule {}
