import type { ExplainedConstraint, ExplainedSegment, StrategyOutcome, ToggleVariant } from '../frontend-api/index.js';
import type { FlatContext, PlaygroundContext } from './playground-context.js';

/** The projects a playground request evaluates: every one (`*`) or the listed ones. */
export type PlaygroundProjects = '*' | string[];

export interface PlaygroundInput {
  environment: string;
  projects?: PlaygroundProjects;
  context: PlaygroundContext;
}

export interface AdvancedPlaygroundInput {
  environments: string[];
  projects?: PlaygroundProjects;
  context: PlaygroundContext;
}

export interface PlaygroundStrategy {
  id: string;
  name: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  result: StrategyOutcome;
  constraints: ExplainedConstraint[];
  segments: ExplainedSegment[];
  links: { edit: string };
}

/** One flag evaluated in one environment for one context, in Unleash's playground shape. */
export interface PlaygroundFeature {
  name: string;
  projectId: string;
  strategies: { result: boolean | 'unknown'; data: PlaygroundStrategy[] };
  isEnabledInCurrentEnvironment: boolean;
  isEnabled: boolean;
  hasUnsatisfiedDependency: boolean;
  variant: ToggleVariant & { featureEnabled?: boolean };
  variants: unknown[];
}

export interface PlaygroundResult {
  input: PlaygroundInput;
  features: PlaygroundFeature[];
}

export type AdvancedPlaygroundEnvironmentFeature = PlaygroundFeature & { environment: string; context: FlatContext };

export interface AdvancedPlaygroundFeature {
  name: string;
  projectId: string;
  environments: Record<string, AdvancedPlaygroundEnvironmentFeature[]>;
}

export interface AdvancedPlaygroundResult {
  input: AdvancedPlaygroundInput;
  features: AdvancedPlaygroundFeature[];
}
