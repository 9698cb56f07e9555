import { Injectable } from '@nestjs/common';
import { AccessReadModel, holds } from '../../core/access/access.read-model.js';
import { missingPermission } from '../../core/access/access.errors.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Database } from '../../core/database/database.js';
import { notFound, type ErrorDetail } from '../../core/errors/app-error.js';
import { ContextFieldService } from '../context-fields/index.js';
import { EVENT, EventService } from '../events/index.js';
import { FeatureDependencyService, FeatureEnvironmentService, FeatureService, toFeatureVariants } from '../features/index.js';
import { FeatureStrategyService } from '../strategies/index.js';
import { FeatureTagService, TagTypeService } from '../tags/index.js';
import type { ImportDataSchema, ImportTogglesSchema } from './export-import.dto.js';
import {
  adminTokenImport,
  duplicateFeatures,
  featuresInOtherProjects,
  missingDependencies,
  unsupportedContextFields,
  unsupportedSegments,
  unsupportedStrategies,
} from './export-import.errors.js';
import type { ImportValidation, KnownContextField } from './export-import.model.js';
import { ExportImportReadModel } from './export-import.read-model.js';
import {
  duplicatesOf,
  IMPORT_PERMISSIONS,
  type ImportFacts,
  importErrors,
  importWarnings,
  type ImportPermission,
  permissionFindings,
} from './import-findings.js';

const DATA = '/body/data';

/** What the checks read once: the import's facts and the permissions it needs. */
interface Checked {
  facts: ImportFacts;
  missingPermissions: string[];
  /** Existing segment ids by the export's segment ids (matched by name). */
  segmentIds: Map<number, number>;
  newContextFields: ImportDataSchema['contextFields'];
  newTagTypes: ImportDataSchema['tagTypes'];
}

/**
 * `validateImport` and `importToggles`: an export (from here or from Unleash) checked against what exists, then
 * applied to one project and environment in one transaction through the owners' services, each change with its
 * event, and `features-imported` last.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly readModel: ExportImportReadModel,
    private readonly access: AccessReadModel,
    private readonly features: FeatureService,
    private readonly featureEnvironments: FeatureEnvironmentService,
    private readonly dependencies: FeatureDependencyService,
    private readonly strategies: FeatureStrategyService,
    private readonly tags: FeatureTagService,
    private readonly tagTypes: TagTypeService,
    private readonly contextFields: ContextFieldService,
    private readonly events: EventService,
    private readonly db: Database,
  ) {}

  /** Errors (what the import refuses), warnings and the permissions the caller lacks, as Unleash reports them. */
  async validate(body: ImportTogglesSchema, principal: Principal): Promise<ImportValidation> {
    await this.requireTarget(body);
    const checked = await this.check(body, principal);
    return {
      errors: importErrors(checked.facts),
      warnings: importWarnings(checked.facts),
      permissions: permissionFindings(checked.missingPermissions),
    };
  }

  /**
   * Refuses what validation calls an error (Unleash's order: strategies, context fields, permissions, features,
   * segments, dependencies); leaves archived features out; then creates or updates the features, replaces their
   * variants (when given), tags and strategies in the environment, creates the missing tag types and context fields,
   * sets the features' state there and adds their dependencies.
   */
  async import(body: ImportTogglesSchema, principal: Principal, actor: Actor): Promise<void> {
    if (principal.kind === 'api-token' && principal.type === 'admin') throw adminTokenImport();
    await this.db.transaction(async () => {
      await this.requireTarget(body);
      const checked = await this.check(body, principal);
      this.refuseErrors(body, checked);
      await this.apply(withoutArchived(body, checked.facts.archivedFeatures), checked, principal, actor);
      await this.events.record({ type: EVENT.FEATURES_IMPORTED, actor, project: body.project, environment: body.environment });
    });
  }

  private async requireTarget({ project, environment }: ImportTogglesSchema): Promise<void> {
    const [projectExists, environmentExists] = await Promise.all([
      this.readModel.projectExists(project),
      this.readModel.environmentExists(environment),
    ]);
    if (!projectExists) throw notFound(`Could not find project ${project}`);
    if (!environmentExists) throw notFound(`Could not find environment ${environment}`);
  }

  private async check({ project, environment, data }: ImportTogglesSchema, principal: Principal): Promise<Checked> {
    const names = data.features.map((feature) => feature.name);
    const [types, fields, segments, tagTypes, existing, anyStrategy] = await Promise.all([
      this.readModel.strategyTypes(),
      this.readModel.contextFields(),
      this.readModel.segments(),
      this.readModel.tagTypes(),
      this.readModel.features(names),
      this.readModel.anyStrategy(names, environment),
    ]);
    const typeByName = new Map(types.map((type) => [type.name, type]));
    const fieldByName = new Map(fields.map((field) => [field.name, field]));
    const knownTagTypes = new Set(tagTypes.map((tagType) => tagType.name));
    const existingByName = new Map(existing.map((feature) => [feature.name, feature]));
    const strategyNames = data.featureStrategies.map((strategy) => strategy.name);
    const usable = segments.filter((segment) => segment.project === null || segment.project === project);
    const segmentIds = new Map<number, number>();
    for (const segment of data.segments ?? []) {
      const match = usable.find((candidate) => candidate.name === segment.name);
      if (match) segmentIds.set(segment.id, match.id);
    }
    const imported = new Set(names);
    const parents = (data.dependencies ?? []).flatMap((dependency) => dependency.dependencies.map((parent) => parent.feature));
    const elsewhere = parents.filter((parent) => !imported.has(parent));
    const foundParents = new Set((await this.readModel.features(elsewhere)).map((feature) => feature.name));
    const newTagTypes = uniqueByName((data.tagTypes ?? []).filter((tagType) => !knownTagTypes.has(tagType.name)));
    const newContextFields = (data.contextFields ?? []).filter((field) => !fieldByName.has(field.name));
    const facts: ImportFacts = {
      project,
      unsupportedStrategies: strategyNames.filter((name) => !typeByName.has(name)),
      customStrategies: [...new Set(strategyNames)].filter((name) => typeByName.get(name)?.editable === true),
      unsupportedContextFields: (data.contextFields ?? [])
        .filter((field) => !fitsExistingField(field, fieldByName.get(field.name), project))
        .map((field) => field.name),
      otherProjectFeatures: existing
        .filter((feature) => feature.project !== project)
        .map((feature) => `${feature.name} (in project ${feature.project})`),
      duplicateFeatures: duplicatesOf(names),
      unsupportedSegments: (data.segments ?? []).filter((segment) => !segmentIds.has(segment.id)).map((segment) => segment.name),
      missingDependencies: elsewhere.filter((parent) => !foundParents.has(parent)),
      archivedFeatures: existing.filter((feature) => feature.archived).map((feature) => feature.name),
      existingFeatures: names.filter((name) => {
        const feature = existingByName.get(name);
        return feature !== undefined && feature.project === project && !feature.archived;
      }),
    };
    const needed = new Set<ImportPermission>(['UPDATE_FEATURE']);
    if (newTagTypes.length > 0) needed.add('CREATE_TAG_TYPE');
    if (newContextFields.length > 0) needed.add('CREATE_CONTEXT_FIELD');
    if (anyStrategy) needed.add('DELETE_FEATURE_STRATEGY');
    if (data.featureStrategies.length > 0) needed.add('CREATE_FEATURE_STRATEGY');
    if ((data.featureEnvironments ?? []).some((env) => (env.variants ?? []).length > 0)) needed.add('UPDATE_FEATURE_ENVIRONMENT_VARIANTS');
    if (existing.length < names.length) needed.add('CREATE_FEATURE');
    const grants = principal.kind === 'user' ? await this.access.grantsOf(principal.id) : undefined;
    const missingPermissions = IMPORT_PERMISSIONS.filter(
      (permission) => needed.has(permission.name) && grants !== undefined && !holds(grants, permission.name, project, environment),
    ).map((permission) => permission.displayName);
    return { facts, missingPermissions, segmentIds, newContextFields, newTagTypes };
  }

  private refuseErrors({ data }: ImportTogglesSchema, { facts, missingPermissions }: Checked): void {
    const at = <T>(list: T[] | undefined, base: string, keep: (item: T) => boolean, message: (item: T) => string): ErrorDetail[] =>
      (list ?? []).flatMap((item, index) => (keep(item) ? [{ path: `${DATA}/${base}/${index}`, message: message(item) }] : []));
    const unsupportedTypes = new Set(facts.unsupportedStrategies);
    const strategies = at(
      data.featureStrategies,
      'featureStrategies',
      (strategy) => unsupportedTypes.has(strategy.name),
      (strategy) => `${strategy.name} is not supported.`,
    );
    if (strategies.length > 0) throw unsupportedStrategies(strategies.map((detail) => ({ ...detail, path: `${detail.path}/name` })));
    const badFields = new Set(facts.unsupportedContextFields);
    const fields = at(
      data.contextFields,
      'contextFields',
      (field) => badFields.has(field.name),
      (field) => `${field.name} is not supported.`,
    );
    if (fields.length > 0) throw unsupportedContextFields(fields);
    if (missingPermissions.length > 0) throw missingPermission(missingPermissions);
    const elsewhere = new Set(facts.otherProjectFeatures.map((item) => item.slice(0, item.indexOf(' (in project '))));
    if (elsewhere.size > 0) {
      const details = at(
        data.features,
        'features',
        (feature) => elsewhere.has(feature.name),
        (feature) => `${facts.otherProjectFeatures.find((item) => item.startsWith(`${feature.name} (`))} exists already.`,
      );
      throw featuresInOtherProjects(
        facts.otherProjectFeatures,
        details.map((detail) => ({ ...detail, path: `${detail.path}/name` })),
      );
    }
    if (facts.duplicateFeatures.length > 0) {
      const seen = new Set<string>();
      const details = at(
        data.features,
        'features',
        (feature) => seen.has(feature.name) || !seen.add(feature.name),
        (feature) => `${feature.name} is listed more than once.`,
      ).map((detail) => ({ ...detail, path: `${detail.path}/name` }));
      throw duplicateFeatures(facts.duplicateFeatures, details);
    }
    if (facts.unsupportedSegments.length > 0) {
      const missing = new Set(facts.unsupportedSegments);
      const details = at(
        data.segments,
        'segments',
        (segment) => missing.has(segment.name),
        (segment) => `${segment.name} is not a segment usable in this project.`,
      );
      throw unsupportedSegments(facts.unsupportedSegments, details);
    }
    if (facts.missingDependencies.length > 0) {
      const missing = new Set(facts.missingDependencies);
      const details = (data.dependencies ?? []).flatMap((dependency, index) =>
        dependency.dependencies.flatMap((parent, parentIndex) =>
          missing.has(parent.feature)
            ? [{ path: `${DATA}/dependencies/${index}/dependencies/${parentIndex}/feature`, message: `${parent.feature} does not exist.` }]
            : [],
        ),
      );
      throw missingDependencies(facts.missingDependencies, details);
    }
  }

  private async apply(body: ImportTogglesSchema, checked: Checked, principal: Principal, actor: Actor): Promise<void> {
    const { project: projectId, environment, data } = body;
    const existing = new Set(checked.facts.existingFeatures);
    for (const feature of data.features) {
      const input = { type: feature.type, description: feature.description, impressionData: feature.impressionData };
      if (existing.has(feature.name)) await this.features.update(projectId, feature.name, input, actor);
      else await this.features.create(projectId, { name: feature.name, ...input }, actor);
    }
    for (const featureEnvironment of data.featureEnvironments ?? []) {
      const variants = featureEnvironment.variants ?? [];
      if (variants.length === 0) continue;
      const featureName = featureEnvironment.featureName ?? featureEnvironment.name;
      await this.featureEnvironments.setVariants({ projectId, featureName, environment }, toFeatureVariants(variants), actor);
    }
    for (const tagType of checked.newTagTypes) await this.tagTypes.create(tagType, actor);
    for (const feature of data.features) {
      const wanted = (data.featureTags ?? [])
        .filter((tag) => tag.featureName === feature.name)
        .map((tag) => ({ type: tag.tagType, value: tag.tagValue }));
      const current = await this.tags.list(feature.name);
      const removedTags = current.filter((tag) => !wanted.some((other) => other.type === tag.type && other.value === tag.value));
      await this.tags.update(feature.name, { addedTags: wanted, removedTags }, actor);
    }
    for (const field of checked.newContextFields ?? []) {
      const { name, description, stickiness, sortOrder, legalValues } = field;
      await this.contextFields.create(
        { name, description, stickiness, sortOrder, legalValues },
        actor,
        field.project === undefined ? undefined : projectId,
      );
    }
    for (const feature of data.features) await this.strategies.removeAll({ projectId, featureName: feature.name, environment }, actor);
    for (const [index, strategy] of data.featureStrategies.entries()) {
      const { featureName, segments, ...rest } = strategy;
      const body = segments === undefined ? rest : { ...rest, segments: segments.map((id) => checked.segmentIds.get(id)) };
      await this.strategies.create({ projectId, featureName, environment }, body, actor, `${DATA}/featureStrategies/${index}`);
    }
    for (const featureEnvironment of data.featureEnvironments ?? []) {
      const featureName = featureEnvironment.featureName ?? featureEnvironment.name;
      await this.featureEnvironments.setEnabled({ projectId, featureName, environment }, featureEnvironment.enabled, principal, actor);
    }
    for (const dependency of data.dependencies ?? []) {
      for (const parent of dependency.dependencies) await this.dependencies.add(projectId, dependency.feature, parent, actor);
    }
  }
}

/** The import without the features that are archived here, nor their strategies, states and tags (Unleash's clean-up). */
function withoutArchived(body: ImportTogglesSchema, archived: string[]): ImportTogglesSchema {
  if (archived.length === 0) return body;
  const gone = new Set(archived);
  const { data } = body;
  const featureTags = data.featureTags?.filter((tag) => !gone.has(tag.featureName));
  return {
    ...body,
    data: {
      ...data,
      features: data.features.filter((feature) => !gone.has(feature.name)),
      featureStrategies: data.featureStrategies.filter((strategy) => !gone.has(strategy.featureName)),
      featureEnvironments: data.featureEnvironments?.filter((env) => !gone.has(env.featureName ?? env.name)),
      featureTags,
      dependencies: data.dependencies?.filter((dependency) => !gone.has(dependency.feature)),
    },
  };
}

/** Whether an imported context field can use the existing one of its name: every legal value known, and usable in the project. */
function fitsExistingField(
  imported: { legalValues?: { value: string }[] | null },
  existing: KnownContextField | undefined,
  project: string,
): boolean {
  if (!existing) return true;
  if (existing.project !== undefined && existing.project !== project) return false;
  return (imported.legalValues ?? []).every((legal) => existing.legalValues.some((value) => value.value === legal.value));
}

function uniqueByName<T extends { name: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.name, item])).values()];
}
