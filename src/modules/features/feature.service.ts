import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT } from '../events/index.js';
import { FeatureTypeService } from '../feature-types/index.js';
import { Problems } from '../../core/http/input-problems.js';
import { requireIfMatch } from '../../core/http/entity-tag.js';
import { applyPatch, PatchFailure, type PatchOperation } from '../strategies/index.js';
import { FeatureDependencyStore } from './feature-dependency.store.js';

import { FeatureEvents } from './feature-events.js';
import { FeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureLookup } from './feature-lookup.js';
import { archivedFeature, flagNameTaken } from './features.errors.js';
import {
  type ArchivedFeature,
  DEFAULT_FEATURE_TYPE,
  type FeatureListItem,
  type FeatureRecord,
  featureEtag,
  featureSettingsOf,
  type FeatureView,
  metadataOf,
} from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';
import { type FeatureChanges, FeatureStore } from './feature.store.js';

export interface CreateFeatureInput {
  name: string;
  type?: string;
  description?: string | null;
  impressionData?: boolean;
}

export interface UpdateFeatureInput {
  name?: string;
  type?: string;
  description?: string | null;
  impressionData?: boolean;
  stale?: boolean;
}

/** The fields of a feature a JSON Patch may change; `name` and `project` are there to be read, not changed. */
const PATCHABLE = new Set(['name', 'project', 'type', 'description', 'stale', 'impressionData']);

/** Features of a project: creation, changes, staleness, archive, revival and deletion. */
@Injectable()
export class FeatureService {
  constructor(
    private readonly store: FeatureStore,
    private readonly readModel: FeatureReadModel,
    private readonly lookup: FeatureLookup,
    private readonly lifecycle: FeatureLifecycleStore,
    private readonly dependencies: FeatureDependencyStore,
    private readonly events: FeatureEvents,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly featureTypes: FeatureTypeService,
  ) {}

  async listInProject(projectId: string, userId?: number): Promise<FeatureListItem[]> {
    if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
    return this.readModel.listInProject(projectId, userId);
  }

  async get(projectId: string, featureName: string, userId?: number): Promise<FeatureView> {
    await this.lookup.require(projectId, featureName, 'hide');
    return this.view(featureName, userId);
  }

  /**
   * Creates the feature with its (switched off) state in every environment of the project, and records it at the
   * lifecycle stage `initial`. Names are unique across the service, archived features included.
   */
  async create(projectId: string, input: CreateFeatureInput, actor: Actor, userId?: number): Promise<FeatureView> {
    await this.requireFeatureType(input.type, '/body/type');
    await this.db.transaction(async () => {
      if (!(await this.store.holdProject(projectId))) throw notFound(`Could not find project ${projectId}`);
      const now = this.clock.now();
      const feature = {
        name: input.name,
        project: projectId,
        type: input.type ?? DEFAULT_FEATURE_TYPE,
        description: input.description || null,
        impressionData: input.impressionData ?? false,
      };
      if (!(await this.store.insert(feature, actor.userId, now))) {
        const existing = await this.readModel.find(input.name);
        throw flagNameTaken(input.name, Boolean(existing?.archivedAt));
      }
      await this.store.connectEnvironments(feature.name, projectId);
      await this.lifecycle.enter(feature.name, 'initial', now);
      const created = await this.readModel.find(feature.name);
      await this.events.record({
        type: EVENT.FEATURE_CREATED,
        actor,
        project: projectId,
        featureName: feature.name,
        data: metadataOf(created!),
        tags: [],
      });
    });
    return this.view(input.name, userId);
  }

  /** Changes the fields given; the others are kept. A feature cannot be renamed. */
  /** With `ifMatch` (an `If-Match` header), refused with 412 unless it names the feature's current settings (`featureEtag`). */
  async update(
    projectId: string,
    featureName: string,
    input: UpdateFeatureInput,
    actor: Actor,
    userId?: number,
    ifMatch?: string,
  ): Promise<FeatureView> {
    if (input.name !== undefined && input.name !== featureName) {
      throw invalidProperty(
        '/body/name',
        `Cannot change name of feature flag: the body says ${JSON.stringify(input.name)} but the URL names ${featureName}.`,
      );
    }
    await this.requireFeatureType(input.type, '/body/type');
    await this.db.transaction(async () => {
      const before = await this.lockForChange(projectId, featureName);
      requireIfMatch(ifMatch, () => featureEtag(before), 'feature');
      await this.applyChanges(before, input, actor);
    });
    return this.view(featureName, userId);
  }

  /** Applies a JSON Patch to `{name, project, type, description, stale, impressionData}`; name and project cannot change. */
  async patch(
    projectId: string,
    featureName: string,
    operations: PatchOperation[],
    actor: Actor,
    userId?: number,
    ifMatch?: string,
  ): Promise<FeatureView> {
    await this.db.transaction(async () => {
      const before = await this.lockForChange(projectId, featureName);
      requireIfMatch(ifMatch, () => featureEtag(before), 'feature');
      let patched: unknown;
      try {
        patched = applyPatch(featureSettingsOf(before), operations);
      } catch (error) {
        throw patchFailure(error, 'feature');
      }
      const changes = checkPatchedFeature(patched, before);
      if (changes.type !== before.type) await this.requireFeatureType(changes.type, '/type');
      await this.applyChanges(before, changes, actor);
    });
    return this.view(featureName, userId);
  }

  /** Marks features of the project stale or not; names of no feature are ignored, features of other projects refused. */
  async setStale(projectId: string, input: { features: string[]; stale: boolean }, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const features = await this.featuresOfProject(projectId, input.features);
      const changing = features.filter((feature) => feature.stale !== input.stale);
      await this.store.setStale(
        changing.map((feature) => feature.name),
        input.stale,
      );
      for (const feature of changing) {
        await this.events.record({
          type: input.stale ? EVENT.FEATURE_STALE_ON : EVENT.FEATURE_STALE_OFF,
          actor,
          project: projectId,
          featureName: feature.name,
          data: { stale: input.stale },
          preData: { stale: feature.stale },
        });
      }
    });
  }

  /**
   * Archives the feature: refused while other features depend on it; its own dependency on a parent is removed.
   * It enters the lifecycle stage `archived`.
   */
  async archive(projectId: string, featureName: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const feature = await this.lockForChange(projectId, featureName);
      const children = await this.readModel.childrenOf(featureName);
      if (children.length > 0) {
        throw invalidProperty(
          '/params/featureName',
          `You can not archive this feature since other features depend on it: ${children.join(', ')}.`,
        );
      }
      const parent = await this.readModel.parentOf(featureName);
      if (parent && (await this.dependencies.remove(featureName)) > 0) {
        await this.events.record({ type: EVENT.FEATURE_DEPENDENCIES_REMOVED, actor, project: projectId, featureName, preData: [parent] });
      }
      const now = this.clock.now();
      await this.store.setArchivedAt(featureName, now);
      await this.lifecycle.enter(featureName, 'archived', now);
      await this.events.record({
        type: EVENT.FEATURE_ARCHIVED,
        actor,
        project: feature.project,
        featureName,
        data: { archivedAt: now.toISOString() },
      });
    });
  }

  /**
   * Archives several features of the project at once, each as `archive` does, with one event per feature. Names of
   * no feature and features archived already are ignored; features of other projects are refused (400), and so is
   * a feature that other features outside the list depend on.
   */
  async archiveMany(projectId: string, names: string[], actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const archiving = (await this.featuresOfProject(projectId, names)).filter((feature) => !feature.archivedAt);
      const inBatch = new Set(archiving.map((feature) => feature.name));
      const problems = new Problems();
      for (const feature of archiving) {
        const children = (await this.readModel.childrenOf(feature.name)).filter((child) => !inBatch.has(child));
        if (children.length > 0)
          problems.add(
            `/body/features/${names.indexOf(feature.name)}`,
            `You can not archive ${feature.name} since other features depend on it: ${children.join(', ')}.`,
          );
      }
      if (problems.any) throw validationError(problems.details);
      const now = this.clock.now();
      const tags = await this.readModel.tagsOfMany([...inBatch]);
      for (const feature of archiving) {
        await this.store.lock(feature.name);
        const parent = await this.readModel.parentOf(feature.name);
        const event = { actor, project: projectId, featureName: feature.name, tags: tags.get(feature.name) ?? [] };
        if (parent && (await this.dependencies.remove(feature.name)) > 0)
          await this.events.record({ ...event, type: EVENT.FEATURE_DEPENDENCIES_REMOVED, preData: [parent] });
        await this.store.setArchivedAt(feature.name, now);
        await this.lifecycle.enter(feature.name, 'archived', now);
        await this.events.record({ ...event, type: EVENT.FEATURE_ARCHIVED, data: { archivedAt: now.toISOString() } });
      }
    });
  }

  /**
   * What `archiveMany` would do with these names, as Unleash's archive validation says it: the features that others
   * outside the list depend on (refused), and whether any of them has a parent or children (dependencies removed).
   */
  async validateArchive(
    projectId: string,
    names: string[],
  ): Promise<{ parentsWithChildFeatures: string[]; hasDeletedDependencies: boolean }> {
    if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
    const listed = new Set(names);
    const parentsWithChildFeatures: string[] = [];
    let hasDeletedDependencies = false;
    for (const name of listed) {
      const [children, parent] = await Promise.all([this.readModel.childrenOf(name), this.readModel.parentOf(name)]);
      if (children.some((child) => !listed.has(child))) parentsWithChildFeatures.push(name);
      hasDeletedDependencies ||= children.length > 0 || parent !== undefined;
    }
    return { parentsWithChildFeatures, hasDeletedDependencies };
  }

  /** Brings an archived feature back, switched off everywhere, at the lifecycle stage `initial` again. */
  async revive(featureName: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const feature = await this.lookup.requireByName(featureName);
      if (!feature.archivedAt) throw invalidProperty('/params/featureName', `The feature ${featureName} is not archived.`);
      await this.reviveArchived(feature, actor);
    });
  }

  /**
   * Revives several archived features of the project at once, each as `revive` does, with one event per feature.
   * Names of no feature and active features are ignored; features of other projects are refused (400).
   */
  async reviveMany(projectId: string, names: string[], actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const archived = (await this.featuresOfProject(projectId, names)).filter((feature) => feature.archivedAt);
      for (const feature of archived) await this.reviveArchived(feature, actor);
    });
  }

  /**
   * Deletes several archived features of the project for good, with one event per feature. Names of no feature and
   * active features are ignored; features of other projects are refused (400).
   */
  async deleteMany(projectId: string, names: string[], actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
      const archived = (await this.featuresOfProject(projectId, names)).filter((feature) => feature.archivedAt);
      await this.deleteArchived(
        archived.map((feature) => feature.name),
        actor,
      );
    });
  }

  /** In the caller's transaction: the archived feature active again, switched off everywhere, at stage `initial`. */
  private async reviveArchived(feature: FeatureRecord, actor: Actor): Promise<void> {
    await this.store.lock(feature.name);
    await this.store.setArchivedAt(feature.name, null);
    await this.store.disableAllEnvironments(feature.name);
    await this.lifecycle.reset(feature.name);
    await this.lifecycle.enter(feature.name, 'initial', this.clock.now());
    await this.events.record({
      type: EVENT.FEATURE_REVIVED,
      actor,
      project: feature.project,
      featureName: feature.name,
      preData: { archivedAt: feature.archivedAt },
    });
  }

  /** Deletes an archived feature for good; an active one must be archived first. */
  async deleteArchivedFeature(featureName: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const feature = await this.lookup.requireByName(featureName);
      if (!feature.archivedAt)
        throw invalidProperty('/params/featureName', `The feature ${featureName} is not archived: archive it before deleting it.`);
      await this.deleteArchived([featureName], actor);
    });
  }

  /** Deletes features (archived ones, as the caller checked) in the caller's transaction, each with its event. */
  async deleteArchived(names: string[], actor: Actor): Promise<void> {
    if (names.length === 0) return;
    await this.db.transaction(async () => {
      const features = await this.readModel.findMany(names);
      const tags = await this.readModel.tagsOfMany(names);
      await this.store.delete(names);
      for (const feature of features) {
        await this.events.record({
          type: EVENT.FEATURE_DELETED,
          actor,
          project: feature.project,
          featureName: feature.name,
          preData: metadataOf(feature),
          tags: tags.get(feature.name) ?? [],
        });
      }
    });
  }

  async listArchived(projectId?: string): Promise<ArchivedFeature[]> {
    if (projectId !== undefined && !(await this.readModel.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
    return this.readModel.listArchived(projectId);
  }

  /** The named features that exist; 400 naming each one that belongs to another project (`/body/features/{index}`). */
  private async featuresOfProject(projectId: string, names: string[]): Promise<FeatureRecord[]> {
    const features = await this.readModel.findMany([...new Set(names)]);
    const elsewhere = new Map(features.filter((f) => f.project !== projectId).map((f) => [f.name, f.project]));
    if (elsewhere.size > 0) {
      throw validationError(
        names.flatMap((name, index) =>
          elsewhere.has(name)
            ? [
                {
                  path: `/body/features/${index}`,
                  message: `The feature ${name} belongs to project ${elsewhere.get(name)}, not ${projectId}.`,
                },
              ]
            : [],
        ),
      );
    }
    return features;
  }

  /** A type given must be one of the feature types module's (`path` names it in the 400). */
  private async requireFeatureType(type: string | undefined, path: string): Promise<void> {
    if (type === undefined) return;
    const ids = (await this.featureTypes.list()).map((featureType) => featureType.id);
    if (ids.includes(type)) return;
    const problems = new Problems();
    problems.invalid(path, `must be equal to one of the allowed values: ${ids.join(', ')}`, type);
    throw validationError(problems.details);
  }

  private async view(featureName: string, userId?: number): Promise<FeatureView> {
    const view = await this.readModel.view(featureName, userId);
    if (!view) throw notFound(`Could not find feature ${featureName}`);
    return view;
  }

  /** The active feature of the URL, its row held for the rest of the transaction, read after the lock. */
  private async lockForChange(projectId: string, featureName: string): Promise<FeatureRecord> {
    await this.lookup.require(projectId, featureName, 'refuse');
    await this.store.lock(featureName);
    const feature = await this.readModel.find(featureName);
    // Archived (or deleted) by a concurrent request between the lookup and the lock.
    if (!feature) throw notFound(`Could not find feature ${featureName} in project ${projectId}`);
    if (feature.archivedAt) throw archivedFeature(featureName);
    return feature;
  }

  private async applyChanges(before: FeatureRecord, input: UpdateFeatureInput, actor: Actor): Promise<void> {
    const changes: FeatureChanges = {
      type: input.type ?? before.type,
      description: input.description === undefined ? before.description : input.description || null,
      impressionData: input.impressionData ?? before.impressionData,
      stale: input.stale ?? before.stale,
    };
    const metadataChanged =
      changes.type !== before.type || changes.description !== before.description || changes.impressionData !== before.impressionData;
    const staleChanged = changes.stale !== before.stale;
    if (!metadataChanged && !staleChanged) return;
    await this.store.update(before.name, changes);
    const after = { ...before, ...changes };
    const event = { actor, project: before.project, featureName: before.name };
    if (metadataChanged)
      await this.events.record({ ...event, type: EVENT.FEATURE_METADATA_UPDATED, data: metadataOf(after), preData: metadataOf(before) });
    if (staleChanged) {
      await this.events.record({
        ...event,
        type: changes.stale ? EVENT.FEATURE_STALE_ON : EVENT.FEATURE_STALE_OFF,
        data: { stale: changes.stale },
        preData: { stale: before.stale },
      });
    }
  }
}

/**
 * A JSON Patch operation that cannot be applied, as a 400 naming the operation. The shared patcher words its
 * messages for strategies; `subject` names what was patched instead.
 */
export function patchFailure(error: unknown, subject: string): unknown {
  if (!(error instanceof PatchFailure)) return error;
  return invalidProperty(error.path, error.message.replace(/\bstrategy\b/g, subject));
}

/**
 * The patched document must still be a feature: known fields of the right types, same name and project.
 * Problems are named by their pointer in the patched document (`/type`), as for patched strategies.
 */
function checkPatchedFeature(patched: unknown, before: FeatureRecord): UpdateFeatureInput {
  if (typeof patched !== 'object' || patched === null || Array.isArray(patched))
    throw invalidProperty('', 'The patched feature must be an object.');
  const doc = patched as Record<string, unknown>;
  const problems = new Problems();
  for (const key of Object.keys(doc))
    if (!PATCHABLE.has(key)) problems.add(`/${key}`, `The \`/${key}\` property is not a field of a feature a patch can set.`);
  if (doc.name !== before.name) problems.add('/name', `The \`/name\` property cannot be changed: a feature cannot be renamed.`);
  if (doc.project !== before.project) problems.add('/project', `The \`/project\` property cannot be changed by a patch.`);
  if (typeof doc.type !== 'string') problems.invalid('/type', 'must be a string', doc.type);
  if (doc.description !== null && doc.description !== undefined && typeof doc.description !== 'string')
    problems.invalid('/description', 'must be a string or null', doc.description);
  if (typeof doc.stale !== 'boolean') problems.invalid('/stale', 'must be boolean', doc.stale);
  if (typeof doc.impressionData !== 'boolean') problems.invalid('/impressionData', 'must be boolean', doc.impressionData);
  if (problems.any) throw validationError(problems.details);
  return {
    type: doc.type as string,
    description: (doc.description as string | null | undefined) ?? null,
    stale: doc.stale as boolean,
    impressionData: doc.impressionData as boolean,
  };
}
