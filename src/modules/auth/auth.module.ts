import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { UsersModule } from '../users/index.js';
import { SessionsModule } from '../sessions/index.js';
import { AddressThrottle } from './address-throttle.js';
import { LockoutService } from './lockout.service.js';
import { LoginFailureStore, SqlLoginFailureStore } from './login-failure.store.js';
import { LoginThrottleStorage } from './login-throttle.storage.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';
import { PasswordLoginPort } from './password-login.port.js';
import { PasswordStrategy } from './password.strategy.js';
import { SignInService } from './sign-in.service.js';
import { UnlockController } from './unlock.controller.js';

@FeatureModule({
  imports: [EventsModule, UsersModule, SessionsModule],
  controllers: [LoginController, UnlockController],
  providers: [
    LoginService,
    SignInService,
    LockoutService,
    LoginThrottleStorage,
    AddressThrottle,
    PasswordStrategy,
    PasswordLoginPort,
    { provide: LoginFailureStore, useClass: SqlLoginFailureStore },
  ],
  exports: [SignInService, PasswordLoginPort, AddressThrottle],
})
export class AuthModule {}
