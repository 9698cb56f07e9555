import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Address6 } from 'ip-address';
import { isIP } from 'node:net';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { LoginThrottleStorage } from './login-throttle.storage.js';
import { tooManyLoginAttempts } from './auth.errors.js';

/** The window the limit counts attempts in, and how long an address over it is refused. */
const WINDOW_MS = 60_000;

/** An IPv6 client is counted by the /64 it sends from: one host's allocation, whose addresses it can rotate freely. */
const IPV6_SUBNET_BITS = 64;

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
    private readonly storage: LoginThrottleStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const response = http.getResponse<Response>();
    const limit = this.config.login.rateLimitPerMinute;
    const attempt = await this.storage.increment(clientOf(http.getRequest<Request>().ip), WINDOW_MS, limit, WINDOW_MS);
    if (attempt.isBlocked) {
      const seconds = Math.max(1, attempt.timeToBlockExpire);
      throw tooManyLoginAttempts(seconds);
    }
    response.setHeader('X-RateLimit-Limit', limit);
    response.setHeader('X-RateLimit-Remaining', Math.max(0, limit - attempt.totalHits));
    response.setHeader('X-RateLimit-Reset', attempt.timeToExpire);
    return true;
  }
}

/** What an attempt counts against: the IPv4 address (IPv4-mapped IPv6 ones too), or the IPv6 address's /64. */
export function clientOf(ip: string | undefined): string {
  if (!ip) return '';
  const bare = ip.split('%')[0];
  if (isIP(bare) !== 6) return bare;
  const address = new Address6(bare);
  if (address.is4()) return address.to4().correctForm();
  if (address.isLoopback()) return '::1';
  return `${new Address6(`${address.correctForm()}/${IPV6_SUBNET_BITS}`).startAddress().correctForm()}/${IPV6_SUBNET_BITS}`;
}
