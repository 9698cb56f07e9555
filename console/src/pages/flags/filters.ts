/** The search API's filters (GET /api/admin/search/features), each an URL parameter of the flags page as the API takes it. */
export interface FilterDefinition {
  key: FilterKey;
  label: string;
  operators: { value: string; label: string }[];
  /** What the value is: a comma-separated list, a day, or one of `choices`. */
  input: 'list' | 'date' | 'choices';
  choices?: string[];
  placeholder?: string;
}

export type FilterKey =
  'project' | 'type' | 'tag' | 'segment' | 'state' | 'lifecycle' | 'createdBy' | 'createdAt' | 'lastSeenAt' | 'favorite';

const IS = [
  { value: 'IS_ANY_OF', label: 'is any of' },
  { value: 'IS_NONE_OF', label: 'is none of' },
];
const INCLUDE = [
  { value: 'INCLUDE_ANY_OF', label: 'include any of' },
  { value: 'INCLUDE_ALL_OF', label: 'include all of' },
  { value: 'EXCLUDE_IF_ANY_OF', label: 'exclude if any of' },
  { value: 'EXCLUDE_ALL', label: 'exclude all of' },
];
const DATE = [
  { value: 'IS_BEFORE', label: 'before' },
  { value: 'IS_ON_OR_AFTER', label: 'on or after' },
];

export const FILTERS: FilterDefinition[] = [
  { key: 'project', label: 'Project', operators: IS, input: 'list', placeholder: 'default, checkout' },
  {
    key: 'type',
    label: 'Type',
    operators: IS,
    input: 'choices',
    choices: ['release', 'experiment', 'operational', 'kill-switch', 'permission'],
  },
  { key: 'tag', label: 'Tags', operators: INCLUDE, input: 'list', placeholder: 'simple:beta, team:web' },
  { key: 'segment', label: 'Segment', operators: INCLUDE, input: 'list', placeholder: 'beta-testers' },
  { key: 'state', label: 'State', operators: IS, input: 'choices', choices: ['active', 'stale', 'potentially-stale'] },
  {
    key: 'lifecycle',
    label: 'Lifecycle',
    operators: IS,
    input: 'choices',
    choices: ['initial', 'pre-live', 'live', 'completed', 'archived'],
  },
  { key: 'createdBy', label: 'Created by (user id)', operators: IS, input: 'list', placeholder: '1, 7' },
  { key: 'createdAt', label: 'Created', operators: DATE, input: 'date' },
  { key: 'lastSeenAt', label: 'Last seen', operators: DATE, input: 'date' },
  { key: 'favorite', label: 'Favorites', operators: [{ value: 'IS', label: 'is' }], input: 'choices', choices: ['true', 'false'] },
];

/** A filter's parameter ("IS_ANY_OF:a,b") as its operator and values. */
export function parseFilter(value: string): { operator: string; values: string[] } {
  const colon = value.indexOf(':');
  const operator = value.slice(0, colon);
  return {
    operator,
    values: value
      .slice(colon + 1)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  };
}

export function formatFilter(operator: string, values: string[]): string {
  return `${operator}:${values.join(',')}`;
}

/** How a filter reads on its chip: "Project is any of default, web". */
export function describeFilter(definition: FilterDefinition, value: string): string {
  const { operator, values } = parseFilter(value);
  const operatorLabel = definition.operators.find((candidate) => candidate.value === operator)?.label ?? operator;
  return `${definition.label} ${operatorLabel} ${values.join(', ')}`;
}
