/** The public entry of the client-api module: what other modules and hosts may use. */
export { ClientApiModule } from './client-api.module.js';
export type { ClientFeatureSet, DisabledStrategies, DisabledStrategy, SdkScope } from './client-features.model.js';
export { SDK_ETAG_HEADER, sendKept } from './sdk-http.js';
export { SdkScopeResolver } from './sdk-scope.resolver.js';
export { KeptAnswer, type SdkSnapshot } from './sdk-snapshot.js';
export { SdkSnapshots } from './sdk-snapshots.service.js';
export { sdkPollRevalidation } from './sdk-poll-revalidation.js';
