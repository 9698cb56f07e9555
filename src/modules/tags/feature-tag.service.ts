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
import { requireTagTypes } from './tag-type.rules.js';
import { TagTypeStore } from './tag-type.store.js';
import { TagService } from './tag.service.js';

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
    private readonly tagValues: TagService,
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
      await requireTagTypes(this.tagTypes, [tag], () => '/body/type');
      await this.tagValues.createMissing([tag], actor);
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
      await requireTagTypes(this.tagTypes, input.addedTags, (index) => `/body/addedTags/${index}/type`);
      await this.tagValues.createMissing(input.addedTags, actor);
      const now = this.clock.now();
      for (const tag of input.addedTags)
        if (await this.store.add(featureName, tag, actor.userId, now)) await this.tagged(feature, tag, actor);
      for (const tag of input.removedTags) if (await this.store.remove(featureName, tag)) await this.untagged(feature, tag, actor);
    });
    return this.features.tagsOf(featureName);
  }

  /**
   * Adds and removes tags on several features of the project at once, in one transaction, with one event per feature
   * and tag changed (tags a feature has already, or lacks for removal, are skipped). Unknown features are a 404,
   * features of other projects a 400 naming them.
   */
  async updateMany(
    projectId: string,
    featureNames: string[],
    input: { addedTags: Tag[]; removedTags: Tag[] },
    actor: Actor,
  ): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.features.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const found = new Map((await this.features.findMany([...new Set(featureNames)])).map((feature) => [feature.name, feature]));
      const missing = featureNames.find((name) => !found.has(name));
      if (missing !== undefined) throw notFound(`Could not find feature ${missing} in project ${projectId}`);
      const elsewhere = featureNames.flatMap((name, index) =>
        found.get(name)!.project === projectId
          ? []
          : [
              {
                path: `/body/features/${index}`,
                message: `Tried to change tags of feature ${name}, which does not belong to project ${projectId}.`,
              },
            ],
      );
      if (elsewhere.length > 0) throw validationError(elsewhere);
      await requireTagTypes(this.tagTypes, input.addedTags, (index) => `/body/tags/addedTags/${index}/type`);
      await this.tagValues.createMissing(input.addedTags, actor);
      const now = this.clock.now();
      for (const feature of found.values()) {
        for (const tag of input.addedTags)
          if (await this.store.add(feature.name, tag, actor.userId, now)) await this.tagged(feature, tag, actor);
        for (const tag of input.removedTags) if (await this.store.remove(feature.name, tag)) await this.untagged(feature, tag, actor);
      }
    });
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
