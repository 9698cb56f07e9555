import { Injectable } from '@nestjs/common';
import { notFound } from '../../core/errors/app-error.js';
import { archivedFeature } from './features.errors.js';
import type { FeatureRecord } from './feature.model.js';
import { FeatureReadModel } from './feature.read-model.js';

/**
 * What to do when the URL names an archived feature: `hide` it (404, as reads of active features do), `refuse`
 * the change (400), or `allow` the request (archive views, lifecycle, tags).
 */
export type ArchivedPolicy = 'hide' | 'refuse' | 'allow';

export interface FoundFeature {
  feature: FeatureRecord;
  environment?: { name: string; type: string };
}

/**
 * Resolves the resources a feature URL names, in URL order (project, feature, environment), and answers the 404
 * naming the first that is missing where the URL puts it: a feature of another project is not found in this one.
 */
@Injectable()
export class FeatureLookup {
  constructor(private readonly readModel: FeatureReadModel) {}

  async require(projectId: string, featureName: string, archived: ArchivedPolicy, environment?: string): Promise<FoundFeature> {
    const location = await this.readModel.locate(projectId, featureName, environment);
    if (!location.projectExists) throw notFound(`Could not find project ${projectId}`);
    const feature = location.feature;
    if (!feature || feature.project !== projectId || (feature.archivedAt && archived === 'hide')) {
      throw notFound(`Could not find feature ${featureName} in project ${projectId}`);
    }
    if (environment !== undefined) {
      if (!location.environment) throw notFound(`Could not find environment ${environment}`);
      if (!location.featureHasEnvironment) throw notFound(`Could not find environment ${environment} in project ${projectId}`);
    }
    if (feature.archivedAt && archived === 'refuse') throw archivedFeature(featureName);
    return { feature, environment: location.environment };
  }

  /** A feature by name alone (archive routes, tags): 404 when there is none. */
  async requireByName(featureName: string): Promise<FeatureRecord> {
    const feature = await this.readModel.find(featureName);
    if (!feature) throw notFound(`Could not find feature ${featureName}`);
    return feature;
  }
}
