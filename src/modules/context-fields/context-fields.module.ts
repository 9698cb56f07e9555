import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { ConstraintChecker } from './constraint-checker.js';
import { ConstraintValidationController } from './constraint-validation.controller.js';
import { ConstraintValidationService } from './constraint-validation.service.js';
import { ContextFieldController, ContextFieldStrategiesController } from './context-field.controller.js';
import { ContextFieldReadModel } from './context-field.read-model.js';
import { ContextFieldService } from './context-field.service.js';
import { ContextFieldStore, SqlContextFieldStore } from './context-field.store.js';
import { ProjectContextFieldController, ProjectContextFieldStrategiesController } from './project-context-field.controller.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [
    ContextFieldController,
    ContextFieldStrategiesController,
    ProjectContextFieldController,
    ProjectContextFieldStrategiesController,
    ConstraintValidationController,
  ],
  providers: [
    ContextFieldService,
    ContextFieldReadModel,
    ConstraintChecker,
    ConstraintValidationService,
    { provide: ContextFieldStore, useClass: SqlContextFieldStore },
  ],
  exports: [ConstraintChecker, ContextFieldService],
})
export class ContextFieldsModule {}
