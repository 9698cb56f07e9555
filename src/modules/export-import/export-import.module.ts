import { FeatureModule } from '../../core/feature-module.js';
import { ContextFieldsModule } from '../context-fields/index.js';
import { EventsModule } from '../events/index.js';
import { FeaturesModule } from '../features/index.js';
import { StrategiesModule } from '../strategies/index.js';
import { TagsModule } from '../tags/index.js';
import { ExportImportController } from './export-import.controller.js';
import { ExportImportReadModel } from './export-import.read-model.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';

/** Unleash's feature export and import (`/api/admin/features-batch`). */
@FeatureModule({
  imports: [EventsModule, FeaturesModule, StrategiesModule, TagsModule, ContextFieldsModule],
  controllers: [ExportImportController],
  providers: [ExportService, ImportService, ExportImportReadModel],
})
export class ExportImportModule {}
