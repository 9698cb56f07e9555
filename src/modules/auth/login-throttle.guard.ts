import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { tooManyLoginAttempts } from './auth.errors.js';
import { AddressThrottle } from './address-throttle.js';

/**
 * At most `login.rateLimitPerMinute` login attempts per client address (Express `req.ip`: what the application's
 * `trust proxy` makes of it) in any 60 s, successes and failures alike. Bound to the login controller only and listed
 * first there, so it answers before the content-type and body checks. Over the limit: 429 with Retry-After, in our
 * error body. It answers as `@nestjs/throttler`'s guard did (the same headers, the same IPv6 grouping), without
 * that package: a CommonJS package that requires the ESM `@nestjs/common`, which a host's Jest cannot load.
 */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
    private readonly throttle: AddressThrottle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const wait = await this.throttle.attempt('login', request, http.getResponse<Response>(), this.config.login.rateLimitPerMinute);
    if (wait !== undefined) throw tooManyLoginAttempts(wait);
    return true;
  }
}
