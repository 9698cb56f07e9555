import type { Schemas } from '../../api/client';

type Strategy = Schemas['featureStrategySchema'];
type Constraint = Schemas['constraintSchema'];

const OPERATOR_WORDS: Record<Constraint['operator'], string> = {
  IN: 'is one of',
  NOT_IN: 'is not one of',
  STR_CONTAINS: 'contains',
  STR_STARTS_WITH: 'starts with',
  STR_ENDS_WITH: 'ends with',
  NUM_EQ: '=',
  NUM_GT: '>',
  NUM_GTE: '≥',
  NUM_LT: '<',
  NUM_LTE: '≤',
  DATE_AFTER: 'is after',
  DATE_BEFORE: 'is before',
  SEMVER_EQ: 'is version',
  SEMVER_GT: 'is a version after',
  SEMVER_LT: 'is a version before',
  SEMVER_GTE: 'is this version or after',
  SEMVER_LTE: 'is this version or before',
  REGEX: 'matches',
  IN_CIDR: 'is in the range',
};

export function operatorWords(operator: string): string {
  return (OPERATOR_WORDS as Record<string, string>)[operator] ?? operator;
}

/** "country is one of de, fr": a constraint in words. */
export function describeConstraint(constraint: Constraint): string {
  const values = constraint.value !== undefined && constraint.value !== '' ? constraint.value : constraint.values.join(', ');
  const not = constraint.inverted ? 'not: ' : '';
  return `${not}${constraint.contextName} ${operatorWords(constraint.operator)} ${values}${constraint.caseInsensitive ? ' (any case)' : ''}`;
}

/**
 * A strategy in plain words, so an environment's card reads without opening anything:
 * "50 % of users by userId, where country is one of de, fr; segment beta-testers".
 */
export function describeStrategy(strategy: Strategy, segmentNames: Map<number, string>): string {
  const parameters = strategy.parameters;
  let who: string;
  if (strategy.name === 'flexibleRollout') {
    const stickiness = parameters.stickiness && parameters.stickiness !== 'default' ? parameters.stickiness : 'userId or sessionId';
    who = `${parameters.rollout ?? '100'} % of users by ${stickiness}`;
  } else if (strategy.name === 'default') {
    who = 'Everyone';
  } else if (strategy.name === 'userWithId') {
    who = `Users ${parameters.userIds ?? ''}`;
  } else if (strategy.name === 'remoteAddress') {
    who = `Addresses ${parameters.IPs ?? ''}`;
  } else if (strategy.name === 'applicationHostname') {
    who = `Hosts ${parameters.hostNames ?? ''}`;
  } else {
    const listed = Object.entries(parameters).map(([key, value]) => `${key} ${value}`);
    who = `${strategy.name}${listed.length ? ` (${listed.join(', ')})` : ''}`;
  }
  const parts = [who];
  if (strategy.constraints.length) parts[0] += `, where ${strategy.constraints.map(describeConstraint).join(' and ')}`;
  if (strategy.segments.length) parts.push(`segment ${strategy.segments.map((id) => segmentNames.get(id) ?? `#${id}`).join(', ')}`);
  if (strategy.variants.length) parts.push(`variants ${strategy.variants.map((variant) => variant.name).join(', ')}`);
  return parts.join('; ');
}
