import type { FeatureDefinition } from '../../features.js';
import { LockoutService } from './lockout.service.js';
import { LoginFailureStore, SqlLoginFailureStore } from './login-failure.store.js';
import { LoginThrottleStorage } from './login-throttle.guard.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';
import { UnlockController } from './unlock.controller.js';

export const authFeature: FeatureDefinition = {
  controllers: [LoginController, UnlockController],
  providers: [LoginService, LockoutService, LoginThrottleStorage, { provide: LoginFailureStore, useClass: SqlLoginFailureStore }],
};
