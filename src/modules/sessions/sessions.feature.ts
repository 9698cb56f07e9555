import type { FeatureDefinition } from '../../features.js';
import { LogoutController } from './logout.controller.js';
import { SessionService } from './session.service.js';
import { SessionStore, SqlSessionStore } from './session.store.js';

export const sessionsFeature: FeatureDefinition = {
  controllers: [LogoutController],
  providers: [SessionService, { provide: SessionStore, useClass: SqlSessionStore }],
};
