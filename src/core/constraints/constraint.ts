/* The condition vocabulary that strategies and segments share, and that SDKs evaluate. */

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

/** A stored constraint with the defaults of the properties a client may omit. */
export function withConstraintDefaults(constraint: Partial<Constraint>): Constraint {
  return {
    ...constraint,
    values: constraint.values ?? [],
    caseInsensitive: constraint.caseInsensitive ?? false,
    inverted: constraint.inverted ?? false,
  } as Constraint;
}
