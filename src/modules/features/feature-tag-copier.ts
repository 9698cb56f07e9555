import type { FeatureTag } from './feature.model.js';

/**
 * What cloning a feature asks of the tags module, which owns `flagwright_feature_tags` and depends on this module,
 * so cannot be imported by it: the tags module implements this and hands it to `FeatureCloneService` at start.
 * The call joins the clone's transaction.
 */
export interface FeatureTagCopier {
  /** Gives feature `to` every tag of feature `from`; answers them. */
  copyTags(from: string, to: string, createdByUserId: number, createdAt: Date): Promise<FeatureTag[]>;
}
