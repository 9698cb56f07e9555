import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT } from '../events/index.js';
import {
  FeatureCloneService,
  FeatureEvents,
  FeatureLookup,
  FeatureReadModel,
  type FeatureRecord,
  type FeatureTagCopier,
} from '../features/index.js';
import { FeatureTagStore } from './feature-tag.store.js';
import type { Tag } from './tag.model.js';
import { TagTypeStore } from './tag-type.store.js';

/** Tags on features: `type:value` pairs of an existing tag type, each at most once per feature. */
@Injectable()
export class FeatureTagService implements FeatureTagCopier, OnModuleInit {
  constructor(
    private readonly store: FeatureTagStore,
    private readonly tagTypes: TagTypeStore,
    private readonly lookup: FeatureLookup,
    private readonly features: FeatureReadModel,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly clones: FeatureCloneService,
  ) {}

  onModuleInit(): void {
    this.clones.useTagCopier(this);
  }

  /** For a feature being cloned, in its transaction (the clone's event carries the tags). */
  copyTags(from: string, to: string, createdByUserId: number, createdAt: Date): Promise<Tag[]> {
    return this.store.copy(from, to, createdByUserId, createdAt);
  }

  async list(featureName: string): Promise<Tag[]> {
    await this.lookup.requireByName(featureName);
    return this.features.tagsOf(featureName);
  }

  async add(featureName: string, tag: Tag, actor: Actor): Promise<Tag> {
    await this.db.transaction(async () => {
      const feature = await this.lookup.requireByName(featureName);
      await this.requireTypes([tag], () => '/body/type');
      if (!(await this.store.add(featureName, tag, actor.userId, this.clock.now()))) {
        throw nameExists(`The feature ${featureName} already has the tag ${tag.type}:${tag.value}`);
      }
      await this.tagged(feature, tag, actor);
    });
    return tag;
  }

  async remove(featureName: string, tag: Tag, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const feature = await this.lookup.requireByName(featureName);
      if (!(await this.store.remove(featureName, tag)))
        throw notFound(`Could not find the tag ${tag.type}:${tag.value} on feature ${featureName}`);
      await this.untagged(feature, tag, actor);
    });
  }

  /** Adds and removes tags in one go; tags the feature has already (or lacks, for removal) are skipped. */
  async update(featureName: string, input: { addedTags: Tag[]; removedTags: Tag[] }, actor: Actor): Promise<Tag[]> {
    await this.db.transaction(async () => {
      const feature = await this.lookup.requireByName(featureName);
      await this.requireTypes(input.addedTags, (index) => `/body/addedTags/${index}/type`);
      const now = this.clock.now();
      for (const tag of input.addedTags)
        if (await this.store.add(featureName, tag, actor.userId, now)) await this.tagged(feature, tag, actor);
      for (const tag of input.removedTags) if (await this.store.remove(featureName, tag)) await this.untagged(feature, tag, actor);
    });
    return this.features.tagsOf(featureName);
  }

  private async requireTypes(tags: Tag[], pathOf: (index: number) => string): Promise<void> {
    const known = new Set((await this.tagTypes.findMany([...new Set(tags.map((tag) => tag.type))])).map((type) => type.name));
    const details = tags.flatMap((tag, index) =>
      known.has(tag.type) ? [] : [{ path: pathOf(index), message: `Tag type ${tag.type} does not exist.` }],
    );
    if (details.length > 0) throw validationError(details);
  }

  private tagged(feature: FeatureRecord, tag: Tag, actor: Actor): Promise<void> {
    return this.events.record({
      type: EVENT.FEATURE_TAGGED,
      actor,
      project: feature.project,
      featureName: feature.name,
      data: { type: tag.type, value: tag.value },
    });
  }

  private untagged(feature: FeatureRecord, tag: Tag, actor: Actor): Promise<void> {
    return this.events.record({
      type: EVENT.FEATURE_UNTAGGED,
      actor,
      project: feature.project,
      featureName: feature.name,
      preData: { type: tag.type, value: tag.value },
    });
  }
}
