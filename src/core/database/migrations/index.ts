import { InitialSchema1700000000000 } from './1700000000000-initial-schema.js';
import { SearchIndexes1700000003000 } from './1700000003000-search-indexes.js';
import { AccessIndexes1700000006000 } from './1700000006000-access-indexes.js';
import { SearchActivity1700000007000 } from './1700000007000-search-activity.js';
import { ChangeGenerations1700000008000 } from './1700000008000-change-generations.js';
import { MetricsByApplication1700000010000 } from './1700000010000-metrics-by-application.js';
import { CredentialGeneration1700000011000 } from './1700000011000-credential-generation.js';
import { SqliteNamedConstraints1700000012000 } from './1700000012000-sqlite-named-constraints.js';
import { TablePrefix1700000013000 } from './1700000013000-table-prefix.js';
import { StrategyTypesGeneration1700000014000 } from './1700000014000-strategy-types-generation.js';
import { DeferredGenerationTriggers1700000015000 } from './1700000015000-deferred-generation-triggers.js';
import { SessionGeneration1700000016000 } from './1700000016000-session-generation.js';
import { ContextFields1700000020000 } from './1700000020000-context-fields.js';
import { Settings1700000020001 } from './1700000020001-settings.js';
import { FeatureTypes1700000021000 } from './1700000021000-feature-types.js';
import { TagValues1700000022000 } from './1700000022000-tag-values.js';
import { ReadSideIndexes1700000023000 } from './1700000023000-read-side-indexes.js';
import { SessionDetails1700000024000 } from './1700000024000-session-details.js';
import { Invitations1700000024001 } from './1700000024001-invitations.js';
import { AuthSettings1700000025000 } from './1700000025000-auth-settings.js';
import { ApplicationDetails1700000032000 } from './1700000032000-application-details.js';
import { UnknownFlags1700000033000 } from './1700000033000-unknown-flags.js';

/** Every migration of the service, in the order they run. Hosts pass this list to their DataSource. */
export const flagwrightMigrations = [
  InitialSchema1700000000000,
  SearchIndexes1700000003000,
  AccessIndexes1700000006000,
  SearchActivity1700000007000,
  ChangeGenerations1700000008000,
  MetricsByApplication1700000010000,
  CredentialGeneration1700000011000,
  SqliteNamedConstraints1700000012000,
  TablePrefix1700000013000,
  StrategyTypesGeneration1700000014000,
  DeferredGenerationTriggers1700000015000,
  SessionGeneration1700000016000,
  ContextFields1700000020000,
  Settings1700000020001,
  FeatureTypes1700000021000,
  TagValues1700000022000,
  ReadSideIndexes1700000023000,
  SessionDetails1700000024000,
  Invitations1700000024001,
  AuthSettings1700000025000,
  ApplicationDetails1700000032000,
  UnknownFlags1700000033000,
];
