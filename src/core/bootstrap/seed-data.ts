/** What a fresh installation starts with, as Unleash seeds it. */
export const SEED_ENVIRONMENTS = [
  { name: 'development', type: 'development', sortOrder: 2 },
  { name: 'production', type: 'production', sortOrder: 3 },
];

export const SEED_PROJECT = { id: 'default', name: 'Default', description: 'Default project' };

export const SEED_TAG_TYPES = [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }];

interface StrategyParameter {
  name: string;
  type: string;
  description: string;
  required: boolean;
}

export const SEED_STRATEGY_TYPES: {
  name: string;
  displayName: string;
  description: string;
  sortOrder: number;
  parameters: StrategyParameter[];
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
