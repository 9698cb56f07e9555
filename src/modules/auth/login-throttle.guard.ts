import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type ThrottlerLimitDetail, ThrottlerGuard } from '@nestjs/throttler';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { LoginThrottleStorage } from './login-throttle.storage.js';

/**
 * At most `login.rateLimitPerMinute` login attempts per client address (Express `req.ip`; the standalone app
 * trusts X-Forwarded-For) in any 60 s, successes and failures alike. Bound to the login controller only and
 * listed first there, so it answers before the content-type and body checks. Over the limit: 429 with
 * Retry-After, in our error body.
 */
@Injectable()
export class LoginThrottleGuard extends ThrottlerGuard {
  // Explicit tokens: ThrottlerGuard's own parameter decorators would otherwise be inherited.
  constructor(
    @Inject(FLAGWRIGHT_CONFIG) config: FlagwrightConfig,
    @Inject(LoginThrottleStorage) storage: LoginThrottleStorage,
    @Inject(Reflector) reflector: Reflector,
  ) {
    super({ throttlers: [{ name: 'default', ttl: 60_000, limit: config.login.rateLimitPerMinute }] }, storage, reflector);
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, detail.timeToBlockExpire);
    throw new AppError(
      'TooManyRequests',
      `Too many login attempts from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      {
        headers: { 'Retry-After': String(seconds) },
      },
    );
  }
}
