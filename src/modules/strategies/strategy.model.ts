/**
 * Constraint operators: the spec's list plus SEMVER_GTE, SEMVER_LTE and REGEX, as Unleash accepts them, and IN_CIDR
 * (client specification 6.x, evaluated by the Node SDK).
 */
export const CONSTRAINT_OPERATORS = [
  'NOT_IN',
  'IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
  'SEMVER_GTE',
  'SEMVER_LTE',
  'REGEX',
  'IN_CIDR',
] as const;

export type ConstraintOperator = (typeof CONSTRAINT_OPERATORS)[number];

/** A condition on one context field; `values` for list operators (and IN_CIDR), `value` for single-value ones and REGEX. */
export interface Constraint {
  contextName: string;
  operator: ConstraintOperator;
  values: string[];
  value?: string;
  caseInsensitive: boolean;
  inverted: boolean;
}

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
