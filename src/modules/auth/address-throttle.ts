import { type CanActivate, type ExecutionContext, Inject, Injectable, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import type { AppError } from '../../core/errors/app-error.js';
import { Address6 } from 'ip-address';
import { isIP } from 'node:net';
import { LoginThrottleStorage } from './login-throttle.storage.js';

/** The window a limit counts attempts in, and how long an address over it is refused. */
const WINDOW_MS = 60_000;

/** An IPv6 client is counted by the /64 it sends from: one host's allocation, whose addresses it can rotate freely. */
const IPV6_SUBNET_BITS = 64;

/**
 * Attempts per client address (Express `req.ip`: what the application's `trust proxy` makes of it) in any 60 s, per
 * purpose (`login`, the password reset email), kept in memory per instance. Exported for the other public routes
 * that mail or check secrets.
 */
@Injectable()
export class AddressThrottle {
  constructor(private readonly storage: LoginThrottleStorage) {}

  /**
   * Counts one attempt of `purpose` from the request's address: the seconds it must wait when over `limit` (nothing
   * counted then), else nothing, with the `X-RateLimit-*` headers set as `@nestjs/throttler` sets them.
   */
  async attempt(purpose: string, request: Request, response: Response, limit: number): Promise<number | undefined> {
    const attempt = await this.storage.increment(`${purpose} ${clientOf(request.ip)}`, WINDOW_MS, limit, WINDOW_MS);
    if (attempt.isBlocked) return Math.max(1, attempt.timeToBlockExpire);
    response.setHeader('X-RateLimit-Limit', limit);
    response.setHeader('X-RateLimit-Remaining', Math.max(0, limit - attempt.totalHits));
    response.setHeader('X-RateLimit-Reset', attempt.timeToExpire);
    return undefined;
  }
}

/**
 * A guard class counting each request of `purpose` against the limit `limitOf` reads from the configuration, and
 * refusing with `refusal(seconds to wait)` over it (bound with `@UseGuards`, in a module importing `auth`).
 */
export function AddressThrottleGuard(
  purpose: string,
  limitOf: (config: FlagwrightConfig) => number,
  refusal: (seconds: number) => AppError,
): Type<CanActivate> {
  @Injectable()
  class Guard implements CanActivate {
    constructor(
      @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
      private readonly throttle: AddressThrottle,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const http = context.switchToHttp();
      const wait = await this.throttle.attempt(purpose, http.getRequest<Request>(), http.getResponse<Response>(), limitOf(this.config));
      if (wait !== undefined) throw refusal(wait);
      return true;
    }
  }
  return Guard;
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
