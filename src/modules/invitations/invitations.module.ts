import { FeatureModule } from '../../core/feature-module.js';
import { AuthModule } from '../auth/index.js';
import { EventsModule } from '../events/index.js';
import { UsersModule } from '../users/index.js';
import { InvitationService } from './invitation.service.js';
import { LinkMailer } from './link-mailer.js';
import { ResetLinkAdminController, ResetPasswordController } from './reset-link.controller.js';
import { ResetEmailThrottleGuard } from './reset-email-throttle.guard.js';
import { ResetTokenStore, SqlResetTokenStore } from './reset-token.store.js';
import { InviteController, SignupTokenAdminController } from './signup-token.controller.js';
import { SignupTokenStore, SqlSignupTokenStore } from './signup-token.store.js';

@FeatureModule({
  imports: [AuthModule, EventsModule, UsersModule],
  controllers: [ResetLinkAdminController, ResetPasswordController, SignupTokenAdminController, InviteController],
  providers: [
    InvitationService,
    LinkMailer,
    ResetEmailThrottleGuard,
    { provide: ResetTokenStore, useClass: SqlResetTokenStore },
    { provide: SignupTokenStore, useClass: SqlSignupTokenStore },
  ],
})
export class InvitationsModule {}
