import { FeatureModule } from '../../core/feature-module.js';
import { LogoutController } from './logout.controller.js';
import { SessionService } from './session.service.js';
import { SessionStore, SqlSessionStore } from './session.store.js';

@FeatureModule({
  controllers: [LogoutController],
  providers: [SessionService, { provide: SessionStore, useClass: SqlSessionStore }],
  exports: [SessionService],
})
export class SessionsModule {}
