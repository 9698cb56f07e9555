import { Inject, Injectable } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { copyWith } from '../../core/objects.js';
import { type DisabledStrategies, type SdkScope, SdkSnapshots } from '../client-api/index.js';
import { type FeatureExplanation, type FeatureEvaluator, FrontendService } from '../frontend-api/index.js';
import { combinationCount, combinations, evaluationContext, type FlatContext, flatContext, valuesPerField } from './playground-context.js';
import { evaluationLimitExceeded } from './playground.errors.js';
import type {
  AdvancedPlaygroundFeature,
  AdvancedPlaygroundInput,
  AdvancedPlaygroundResult,
  PlaygroundFeature,
  PlaygroundInput,
  PlaygroundProjects,
  PlaygroundResult,
} from './playground.model.js';

/**
 * The playground: every flag of the chosen projects in the chosen environments, evaluated for a context by the
 * evaluator `/api/frontend` uses (the official Node SDK's engine, over the same in-memory snapshot the client API
 * serves), with each strategy's, constraint's and segment's own result.
 */
@Injectable()
export class PlaygroundService {
  constructor(
    private readonly snapshots: SdkSnapshots,
    private readonly frontend: FrontendService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** `POST /api/admin/playground`: one environment, one context. */
  async evaluate(input: PlaygroundInput): Promise<PlaygroundResult> {
    const { evaluator, disabled } = await this.evaluatorFor(input.environment, input.projects);
    const explained = evaluator.explainAll(evaluationContext(flatContext(input.context), input.environment), disabled);
    return { input, features: explained.map((feature) => playgroundFeature(feature, input.environment, true)) };
  }

  /**
   * `POST /api/admin/playground/advanced`: each context field may hold several comma-separated values; every
   * combination is evaluated in every environment. Refused (400) when environments × flags × combinations is over
   * the configured limit, before anything is evaluated.
   */
  async evaluateAdvanced(input: AdvancedPlaygroundInput): Promise<AdvancedPlaygroundResult> {
    const fields = valuesPerField(flatContext(input.context));
    const evaluators = await Promise.all(input.environments.map((environment) => this.evaluatorFor(environment, input.projects)));
    const flagCount = evaluators[0]?.evaluator.featureCount ?? 0;
    const contextCount = combinationCount(fields);
    if (input.environments.length * flagCount * contextCount > this.config.playgroundEvaluationLimit)
      throw evaluationLimitExceeded(input.environments.length, flagCount, contextCount, this.config.playgroundEvaluationLimit);
    // Every environment holds the same flags (an environment without a flag's row shows it off): none, nothing to combine.
    if (flagCount === 0) return { input, features: [] };
    const contexts = combinations(fields);
    const byName = new Map<string, AdvancedPlaygroundFeature>();
    input.environments.forEach((environment, index) => {
      for (const context of contexts) {
        const { evaluator, disabled } = evaluators[index];
        for (const feature of evaluator.explainAll(evaluationContext(context, environment), disabled)) {
          let entry = byName.get(feature.name);
          if (!entry) byName.set(feature.name, (entry = { name: feature.name, projectId: feature.project, environments: {} }));
          (entry.environments[environment] ??= []).push(environmentFeature(feature, environment, context));
        }
      }
    });
    return { input, features: [...byName.values()] };
  }

  /** The environment's evaluator, over the SDKs' snapshot, and the disabled strategies it shows unevaluated. */
  private async evaluatorFor(
    environment: string,
    projects: PlaygroundProjects | undefined,
  ): Promise<{ evaluator: FeatureEvaluator; disabled: DisabledStrategies }> {
    const scope: SdkScope = { environment, projects: projects === undefined || projects === '*' ? 'all' : [...new Set(projects)] };
    const snapshot = await this.snapshots.snapshot(scope);
    return { evaluator: this.frontend.evaluatorOf(snapshot), disabled: await this.snapshots.disabledStrategies(snapshot) };
  }
}

/** Where the console edits a strategy, as Unleash links it. */
function editLink(project: string, feature: string, environment: string, strategyId: string): string {
  return `/projects/${project}/features/${feature}/strategies/edit?environmentId=${environment}&strategyId=${strategyId}`;
}

/** Unleash's simple form carries the deprecated `featureEnabled` twin of `feature_enabled`; the advanced one does not. */
function playgroundFeature(feature: FeatureExplanation, environment: string, withDeprecatedTwin: boolean): PlaygroundFeature {
  const variant = withDeprecatedTwin ? copyWith(feature.variant, { featureEnabled: feature.variant.feature_enabled }) : feature.variant;
  return {
    name: feature.name,
    projectId: feature.project,
    strategies: {
      result: feature.result,
      data: feature.strategies.map((strategy) =>
        copyWith(strategy, { links: { edit: editLink(feature.project, feature.name, environment, strategy.id) } }),
      ),
    },
    isEnabledInCurrentEnvironment: feature.enabledInEnvironment,
    isEnabled: feature.enabled,
    hasUnsatisfiedDependency: feature.hasUnsatisfiedDependency,
    variant,
    variants: feature.variants,
  };
}

function environmentFeature(feature: FeatureExplanation, environment: string, context: FlatContext) {
  return copyWith(playgroundFeature(feature, environment, false), { environment, context });
}
