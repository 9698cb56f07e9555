import { AddressThrottleGuard } from '../auth/index.js';
import { tooManyResetRequests } from './invitations.errors.js';

/**
 * At most `login.passwordResetLimitPerMinute` (1, as Unleash's `PASSWORD_RESET_LIMIT_PER_MINUTE`) requests of a
 * reset email per client address in any 60 s; over it, 429 with Retry-After.
 */
export class ResetEmailThrottleGuard extends AddressThrottleGuard(
  'reset-email',
  (config) => config.login.passwordResetLimitPerMinute,
  tooManyResetRequests,
) {}
