/**
 * What a strategy change does to its feature's state in the environment (`flagwright_feature_environments`, which the features
 * module owns). The features module depends on this one (it shows strategies and adds the default one), so this
 * module cannot import it: the features module implements this and hands it to `FeatureStrategyService` at start.
 * Both calls join the strategy change's transaction.
 */
export interface FeatureEnvironmentSwitch {
  /** Makes sure the feature has its row for the environment (switched off when new). */
  ensureFeatureEnvironment(featureName: string, environment: string): Promise<void>;
  /** Switches the feature off in the environment if it is on and has no enabled strategy; answers whether it did. */
  disableIfNoEnabledStrategy(featureName: string, environment: string): Promise<boolean>;
}
