import type { ImportFinding } from './export-import.model.js';

/** What the checks of an import found, before it is worded. */
export interface ImportFacts {
  project: string;
  /** The name of each strategy (one per strategy, as Unleash lists them) whose type does not exist. */
  unsupportedStrategies: string[];
  /** Custom strategy types the import uses, once each. */
  customStrategies: string[];
  unsupportedContextFields: string[];
  /** `name (in project p)` of each feature that exists in another project. */
  otherProjectFeatures: string[];
  duplicateFeatures: string[];
  unsupportedSegments: string[];
  missingDependencies: string[];
  archivedFeatures: string[];
  existingFeatures: string[];
}

/**
 * A permission an import may need, Unleash's display name for it, and when the import needs it; listed in the
 * order Unleash reports missing ones.
 */
export const IMPORT_PERMISSIONS = [
  { name: 'CREATE_CONTEXT_FIELD', displayName: 'Create context fields' },
  { name: 'CREATE_FEATURE_STRATEGY', displayName: 'Create activation strategies' },
  { name: 'DELETE_FEATURE_STRATEGY', displayName: 'Delete activation strategies' },
  { name: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS', displayName: 'Update variants' },
  { name: 'CREATE_FEATURE', displayName: 'Create feature flags' },
  { name: 'UPDATE_FEATURE', displayName: 'Update feature flags' },
  { name: 'CREATE_TAG_TYPE', displayName: 'Create tag types' },
] as const;

export type ImportPermission = (typeof IMPORT_PERMISSIONS)[number]['name'];

function finding(message: string, affectedItems: string[]): ImportFinding[] {
  return affectedItems.length > 0 ? [{ message, affectedItems }] : [];
}

/** What makes the import refused, in Unleash's words and order. */
export function importErrors(facts: ImportFacts): ImportFinding[] {
  return [
    ...finding('We detected the following custom strategy that needs to be created first:', facts.unsupportedStrategies),
    ...finding(
      'We detected the following context fields that do not have matching legal values with the imported ones:',
      facts.unsupportedContextFields,
    ),
    ...finding(
      `You cannot import a features that already exist in other projects. You already have the following features defined outside of project ${facts.project}:`,
      facts.otherProjectFeatures,
    ),
    ...finding('We detected the following features are duplicate in your import data:', facts.duplicateFeatures),
    ...finding('We detected the following segments that need to be created first:', facts.unsupportedSegments),
    ...finding('We detected the following dependencies that need to be created first:', facts.missingDependencies),
  ];
}

/** What the import would do that the caller may not expect, in Unleash's words and order. */
export function importWarnings(facts: ImportFacts): ImportFinding[] {
  return [
    ...finding(
      'The following strategy types will be used in import. Please make sure the strategy type parameters are configured as in source environment:',
      facts.customStrategies,
    ),
    ...finding(
      'The following features will not be imported as they are currently archived. To import them, please unarchive them first:',
      facts.archivedFeatures,
    ),
    ...finding('The following features already exist in this project and will be overwritten:', facts.existingFeatures),
  ];
}

/** The permissions the caller lacks, by display name. */
export function permissionFindings(missing: string[]): ImportFinding[] {
  return finding('We detected you are missing the following permissions:', missing);
}

/** Each name that occurs more than once, once, in the order of its first repetition. */
export function duplicatesOf(names: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}
