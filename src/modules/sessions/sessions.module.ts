import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { LogoutController } from './logout.controller.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';
import { SessionUseRecorder } from './session-use.recorder.js';
import { SessionStore, SqlSessionStore } from './session.store.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [LogoutController, SessionController],
  providers: [SessionService, SessionUseRecorder, { provide: SessionStore, useClass: SqlSessionStore }],
  exports: [SessionService],
})
export class SessionsModule {}
