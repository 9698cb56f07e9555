import { AddressThrottleGuard } from './address-throttle.js';
import { tooManyLoginAttempts } from './auth.errors.js';

/**
 * At most `login.rateLimitPerMinute` login attempts per client address (Express `req.ip`: what the application's
 * `trust proxy` makes of it) in any 60 s, successes and failures alike. Bound to the login controller only and listed
 * first there, so it answers before the content-type and body checks. Over the limit: 429 with Retry-After, in our
 * error body. It answers as `@nestjs/throttler`'s guard did (the same headers, the same IPv6 grouping), without
 * that package: a CommonJS package that requires the ESM `@nestjs/common`, which a host's Jest cannot load.
 */
export class LoginThrottleGuard extends AddressThrottleGuard('login', (config) => config.login.rateLimitPerMinute, tooManyLoginAttempts) {}
