import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AddressThrottle } from '../auth/index.js';
import { tooManyResetRequests } from './invitations.errors.js';

/**
 * At most `login.passwordResetLimitPerMinute` (1, as Unleash's `PASSWORD_RESET_LIMIT_PER_MINUTE`) requests of a
 * reset email per client address in any 60 s; over it, 429 with Retry-After.
 */
@Injectable()
export class ResetEmailThrottleGuard implements CanActivate {
  constructor(
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
    private readonly throttle: AddressThrottle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const limit = this.config.login.passwordResetLimitPerMinute;
    const wait = await this.throttle.attempt('reset-email', http.getRequest<Request>(), http.getResponse<Response>(), limit);
    if (wait !== undefined) throw tooManyResetRequests(wait);
    return true;
  }
}
