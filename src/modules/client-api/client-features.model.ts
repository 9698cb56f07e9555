import type { Constraint } from '../../core/constraints/constraint.js';
import type { FeatureVariant } from '../features/index.js';
import type { StrategyVariant } from '../strategies/index.js';

/** What an SDK may see: one environment, and every project or the listed ones. */
export interface SdkScope {
  environment: string;
  projects: string[] | 'all';
  namePrefix?: string;
}

/** A strategy as SDKs receive it: enabled ones only, in evaluation order. */
export interface ClientStrategy {
  id: string;
  name: string;
  title?: string;
  constraints: Constraint[];
  parameters: Record<string, string>;
  variants: StrategyVariant[];
  segments: number[];
  sortOrder: number;
  disabled: false;
}

/** A disabled strategy, which SDKs never receive: the playground shows it, not evaluated. */
export type DisabledStrategy = Omit<ClientStrategy, 'disabled'> & { disabled: true };

/** The disabled strategies of a scope's features, by feature name in evaluation order, and the segments they use. */
export interface DisabledStrategies {
  strategies: Map<string, DisabledStrategy[]>;
  segments: ClientSegment[];
}

export interface ClientDependency {
  feature: string;
  enabled: boolean;
  variants?: string[];
}

/** A feature as Unleash's client API (`/api/client/features`, version 2) describes it for one environment. */
export interface ClientFeature {
  name: string;
  type: string;
  description: string | null;
  project: string;
  enabled: boolean;
  stale: boolean;
  impressionData: boolean;
  strategies: ClientStrategy[];
  variants: FeatureVariant[];
  dependencies?: ClientDependency[];
}

export interface ClientSegment {
  id: number;
  name: string;
  constraints: Constraint[];
}

/** The features of a scope and the segments their strategies use. */
export interface ClientFeatureSet {
  features: ClientFeature[];
  segments: ClientSegment[];
}

export interface ClientFeaturesResponse extends ClientFeatureSet {
  version: 2;
  query: { environment: string; project?: string[]; namePrefix?: string };
}
