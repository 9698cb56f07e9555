import { SEED_STRATEGY_TYPES } from '../../core/bootstrap/seed-data.js';
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
