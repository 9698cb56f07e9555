import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { ClientMetricsModule } from '../client-metrics/index.js';
import { FeatureTypesModule } from '../feature-types/index.js';
import { StrategiesModule } from '../strategies/index.js';
import { ArchiveController } from './archive.controller.js';
import { FavoriteController } from './favorite.controller.js';
import { FavoriteService } from './favorite.service.js';
import { FavoriteStore, SqlFavoriteStore } from './favorite.store.js';
import { FeatureBulkController } from './feature-bulk.controller.js';
import { FeatureCloneService } from './feature-clone.service.js';
import { FeatureDependencyController } from './feature-dependency.controller.js';
import { FeatureDependencyService } from './feature-dependency.service.js';
import { FeatureDependencyStore, SqlFeatureDependencyStore } from './feature-dependency.store.js';
import { FeatureEnvironmentController } from './feature-environment.controller.js';
import { FeatureEnvironmentService } from './feature-environment.service.js';
import { FeatureEnvironmentStore, SqlFeatureEnvironmentStore } from './feature-environment.store.js';
import { FeatureEvents } from './feature-events.js';
import { FeatureLifecycleController } from './feature-lifecycle.controller.js';
import { FeatureLifecycleCountController } from './feature-lifecycle-count.controller.js';
import { FeatureLifecycleService } from './feature-lifecycle.service.js';
import { FeatureLifecycleStore, SqlFeatureLifecycleStore } from './feature-lifecycle.store.js';
import { FeatureLookup } from './feature-lookup.js';
import { FeatureNameValidation } from './feature-name.js';
import { FeatureValidationController } from './feature-validation.controller.js';
import { FeatureUsage } from './feature-usage.js';
import { FeatureReadModel } from './feature.read-model.js';
import { FeatureService } from './feature.service.js';
import { FeatureStore, SqlFeatureStore } from './feature.store.js';
import { PotentiallyStaleCheck } from './potentially-stale-check.js';
import { ProjectArchiveController } from './project-archive.controller.js';
import { ProjectFeatureController } from './project-feature.controller.js';

@FeatureModule({
  imports: [EventsModule, ClientMetricsModule, StrategiesModule, FeatureTypesModule],
  controllers: [
    ProjectFeatureController,
    FeatureEnvironmentController,
    FeatureLifecycleController,
    FeatureLifecycleCountController,
    FeatureDependencyController,
    FavoriteController,
    ArchiveController,
    FeatureValidationController,
    FeatureBulkController,
    ProjectArchiveController,
  ],
  providers: [
    FeatureService,
    FeatureCloneService,
    FeatureEnvironmentService,
    FeatureLifecycleService,
    FeatureDependencyService,
    FavoriteService,
    FeatureReadModel,
    FeatureLookup,
    FeatureEvents,
    FeatureUsage,
    FeatureNameValidation,
    PotentiallyStaleCheck,
    { provide: FeatureStore, useClass: SqlFeatureStore },
    { provide: FeatureEnvironmentStore, useClass: SqlFeatureEnvironmentStore },
    { provide: FeatureLifecycleStore, useClass: SqlFeatureLifecycleStore },
    { provide: FeatureDependencyStore, useClass: SqlFeatureDependencyStore },
    { provide: FavoriteStore, useClass: SqlFavoriteStore },
  ],
  exports: [
    FeatureService,
    FeatureCloneService,
    FeatureDependencyService,
    FeatureEnvironmentService,
    FeatureEvents,
    FeatureLookup,
    FeatureReadModel,
  ],
})
export class FeaturesModule {}
