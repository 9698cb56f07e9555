import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { PatUseRecorder } from './pat-use.recorder.js';
import { PatService } from './pat.service.js';
import { PatStore, SqlPatStore } from './pat.store.js';
import { UserPatController } from './user-pat.controller.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [UserPatController],
  providers: [PatService, PatUseRecorder, { provide: PatStore, useClass: SqlPatStore }],
  exports: [PatService],
})
export class PersonalAccessTokensModule {}
