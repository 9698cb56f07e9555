import type { StrategyType } from './strategy.model.js';

/** The kinds of parameter a strategy type may define, as Unleash names them. */
export const STRATEGY_PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;

export type StrategyParameterType = (typeof STRATEGY_PARAMETER_TYPES)[number];

export type StrategyParameterDefinition = StrategyType['parameters'][number];

/** What a create or an update of a custom strategy type asks for; `undefined` keeps what is stored. */
export interface StrategyTypeChanges {
  title?: string | null;
  description?: string | null;
  deprecated?: boolean;
  parameters: StrategyParameterDefinition[];
}

/** The built-in strategy types, as Unleash seeds them (`StrategyTypeSeeder`). */
export const SEED_STRATEGY_TYPES: {
  name: string;
  displayName: string;
  description: string;
  sortOrder: number;
  parameters: { name: string; type: string; description: string; required: boolean }[];
}[] = [
  {
    name: 'default',
    displayName: 'Standard',
    description: 'The standard strategy is strictly on / off for your entire userbase.',
    sortOrder: 0,
    parameters: [],
  },
  {
    name: 'flexibleRollout',
    displayName: 'Gradual rollout',
    description: 'Roll out to a percentage of your userbase, and ensure that the experience is the same for the user on each visit.',
    sortOrder: 1,
    parameters: [
      { name: 'rollout', type: 'percentage', description: '', required: false },
      {
        name: 'stickiness',
        type: 'string',
        description: 'Used define stickiness. Possible values: default, userId, sessionId, random',
        required: true,
      },
      {
        name: 'groupId',
        type: 'string',
        description: 'Used to define a activation groups, which allows you to correlate across feature flags.',
        required: true,
      },
    ],
  },
  {
    name: 'remoteAddress',
    displayName: 'IPs',
    description: 'Enable the feature for a specific set of IP addresses.',
    sortOrder: 2,
    parameters: [{ name: 'IPs', type: 'list', description: 'List of IPs to enable the feature flag for.', required: true }],
  },
  {
    name: 'applicationHostname',
    displayName: 'Hosts',
    description: 'Enable the feature for a specific set of hostnames.',
    sortOrder: 3,
    parameters: [{ name: 'hostNames', type: 'list', description: 'List of hostnames to enable the feature flag for.', required: false }],
  },
];

/**
 * The types the service seeds at start. They are never changed nor deleted, and their names can never be taken by a
 * custom type (their rows always exist), so a strategy naming one needs no look-up of its definition.
 */
const BUILT_IN_STRATEGY_TYPES: ReadonlySet<string> = new Set(SEED_STRATEGY_TYPES.map((type) => type.name));

export function isBuiltInStrategyType(name: string): boolean {
  return BUILT_IN_STRATEGY_TYPES.has(name);
}

/**
 * Strategies the SDKs still implement themselves although Unleash 8 no longer has them. A custom type of one of these
 * names would never run the application's implementation (the SDKs, and /api/frontend, would run theirs), so the
 * names are refused.
 */
export const SDK_LEGACY_STRATEGY_NAMES: readonly string[] = [
  'gradualRolloutRandom',
  'gradualRolloutSessionId',
  'gradualRolloutUserId',
  'userWithId',
];

/** The one type Unleash refuses to deprecate: every feature starts from it. */
export const UNDEPRECATABLE_STRATEGY_TYPE = 'default';
