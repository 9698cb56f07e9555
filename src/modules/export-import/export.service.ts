import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { toFeatureStrategy } from '../strategies/index.js';
import type { ExportQuery, ExportResult } from './export-import.model.js';
import { ExportImportReadModel } from './export-import.read-model.js';

/** `exportFeatures`: features with what they use, from one environment, in the shape an import reads. */
@Injectable()
export class ExportService {
  constructor(
    private readonly readModel: ExportImportReadModel,
    private readonly events: EventService,
    private readonly db: Database,
  ) {}

  /** Records `features-exported` with what it answers, as Unleash does. */
  async export(query: ExportQuery, actor: Actor): Promise<ExportResult> {
    const names = await this.selectedFeatures(query);
    const [features, featureEnvironments, strategies, featureTags, dependencies, contextFields, segments, tagTypes] = await Promise.all([
      this.readModel.features(names),
      this.readModel.featureEnvironments(names, query.environment),
      this.readModel.strategies(names, query.environment),
      this.readModel.featureTags(names),
      this.readModel.dependencies(names),
      this.readModel.contextFields(),
      this.readModel.segments(),
      this.readModel.tagTypes(),
    ]);
    const usedFields = new Set<string>();
    for (const environment of featureEnvironments) {
      for (const variant of environment.variants) {
        usedFields.add(variant.stickiness);
        for (const override of variant.overrides ?? []) usedFields.add(override.contextName);
      }
    }
    for (const strategy of strategies) {
      if (strategy.parameters.stickiness !== undefined) usedFields.add(strategy.parameters.stickiness);
      for (const constraint of strategy.constraints) usedFields.add(constraint.contextName);
    }
    const usedSegments = new Set(strategies.flatMap((strategy) => strategy.segments));
    const usedTagTypes = new Set(featureTags.map((tag) => tag.tagType));
    const result: ExportResult = {
      features,
      featureStrategies: strategies.map(toFeatureStrategy),
      featureEnvironments,
      contextFields: contextFields.filter((field) => usedFields.has(field.name)),
      featureTags,
      segments: segments.filter((segment) => usedSegments.has(segment.id)).map(({ id, name }) => ({ id, name })),
      tagTypes: tagTypes.filter((tagType) => usedTagTypes.has(tagType.name)),
      dependencies,
    };
    await this.db.transaction(() => this.events.record({ type: EVENT.FEATURES_EXPORTED, actor, data: { data: result } }));
    return result;
  }

  /** The features tagged with the value, else the named ones, else (none named) a project's or every project's active ones. */
  private selectedFeatures(query: ExportQuery): Promise<string[]> {
    if (query.tag !== undefined) return this.readModel.featureNamesTagged(query.tag);
    if (query.features && query.features.length > 0) return Promise.resolve([...new Set(query.features)]);
    return this.readModel.activeFeatureNames(query.project);
  }
}
