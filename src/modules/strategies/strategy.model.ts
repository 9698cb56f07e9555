import type { Constraint } from '../../core/constraints/constraint.js';

export const VARIANT_WEIGHT_TYPES = ['variable', 'fix'] as const;
export const VARIANT_PAYLOAD_TYPES = ['json', 'csv', 'string', 'number'] as const;

export interface StrategyVariant {
  name: string;
  weight: number;
  weightType: (typeof VARIANT_WEIGHT_TYPES)[number];
  stickiness: string;
  payload?: { type: (typeof VARIANT_PAYLOAD_TYPES)[number]; value: string };
}

/** A strategy of a feature in one environment, as the API shows it (the spec's `featureStrategySchema`). */
export interface FeatureStrategy {
  id: string;
  name: string;
  title: string | null;
  disabled: boolean;
  featureName: string;
  sortOrder: number;
  segments: number[];
  constraints: Constraint[];
  variants: StrategyVariant[];
  parameters: Record<string, string>;
}

/** A stored strategy: what the API shows plus where it lives. */
export interface StoredStrategy extends FeatureStrategy {
  projectId: string;
  environment: string;
}

/** The URL of a strategy, or of the strategies of a feature in an environment. */
export interface StrategyAddress {
  projectId: string;
  featureName: string;
  environment: string;
  strategyId?: string;
}

/** A strategy type (built in or custom) and the parameters it takes. */
export interface StrategyType {
  name: string;
  displayName: string | null;
  description: string | null;
  editable: boolean;
  deprecated: boolean;
  parameters: { name: string; type: string; description: string; required: boolean }[];
}

/** The strategy type whose missing parameters are filled with defaults on every write. */
export const FLEXIBLE_ROLLOUT = 'flexibleRollout';
