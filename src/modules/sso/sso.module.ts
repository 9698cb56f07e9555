import { FeatureModule } from '../../core/feature-module.js';
import { AuthModule } from '../auth/index.js';
import { EventsModule } from '../events/index.js';
import { GroupsModule } from '../groups/index.js';
import { SessionsModule } from '../sessions/index.js';
import { UsersModule } from '../users/index.js';
import { AuthSettingsStore, SqlAuthSettingsStore } from './auth-settings.store.js';
import { OidcProviderClient } from './oidc-provider.client.js';
import { OidcSettingsService } from './oidc-settings.service.js';
import { OidcSignInService } from './oidc-sign-in.service.js';
import { OidcController } from './oidc.controller.js';
import { PasswordLoginService } from './password-login.service.js';
import { SsoSettingsController } from './sso-settings.controller.js';
import { SsoStatus } from './sso-status.js';

@FeatureModule({
  imports: [AuthModule, EventsModule, UsersModule, GroupsModule, SessionsModule],
  controllers: [SsoSettingsController, OidcController],
  providers: [
    OidcSettingsService,
    OidcProviderClient,
    OidcSignInService,
    PasswordLoginService,
    SsoStatus,
    { provide: AuthSettingsStore, useClass: SqlAuthSettingsStore },
  ],
  exports: [SsoStatus],
})
export class SsoModule {}
