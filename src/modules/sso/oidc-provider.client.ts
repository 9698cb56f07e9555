import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { Clock } from '../../core/clock.js';
import type { OidcSettings } from '../../core/config/flagwright-config.js';
import type { AppError } from '../../core/errors/app-error.js';
import { providerUnavailable } from './sso.errors.js';

/** How long a provider's discovery document is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds a request to the provider may take: a provider that hangs must not hold a sign-in for long. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Seconds a provider found down is not asked again: sign-ins started meanwhile get the same answer at once. */
export const PROVIDER_DOWN_SECONDS = 30;

/** Providers on this machine (development, tests) may be reached over plain http; every other one needs https. */
export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The provider as openid-client sees it, from its discovery document: read at the first sign-in after start or
 * after a change of settings, and again after an hour. Its signing keys (JWKS) are fetched by openid-client when an
 * ID token names a key it does not hold, so a key rotation needs nothing from us.
 *
 * A provider found down (its discovery failing, or a code exchange that could not reach it: `markDown`) is not asked
 * again for `PROVIDER_DOWN_SECONDS` (a circuit breaker, per instance): every sign-in started meanwhile gets the same
 * 503 at once, so people pressing the button again do not turn into a storm of requests to a provider that is
 * struggling. Changed settings are tried at once.
 */
@Injectable()
export class OidcProviderClient {
  private kept?: { key: string; at: number; configuration: Promise<oidc.Configuration> };
  private down?: { key: string; until: number; error: AppError };

  constructor(private readonly clock: Clock) {}

  async configuration(settings: OidcSettings): Promise<oidc.Configuration> {
    const key = keyOf(settings);
    const now = this.clock.now().getTime();
    if (this.down?.key === key && now < this.down.until) throw this.down.error;
    if (!this.kept || this.kept.key !== key || now - this.kept.at > DISCOVERY_TTL_MS) {
      this.kept = { key, at: now, configuration: this.discover(settings) };
    }
    const kept = this.kept;
    try {
      return await kept.configuration;
    } catch (error) {
      throw this.markDown(settings, describe(error));
    }
  }

  /** Records that the provider could not be reached (`reason`): answers the 503 it is refused with meanwhile. */
  markDown(settings: OidcSettings, reason: string): AppError {
    const key = keyOf(settings);
    if (this.kept?.key === key) this.kept = undefined;
    const error = providerUnavailable(settings.discoverUrl, reason);
    this.down = { key, until: this.clock.now().getTime() + PROVIDER_DOWN_SECONDS * 1000, error };
    return error;
  }

  private async discover(settings: OidcSettings): Promise<oidc.Configuration> {
    const server = new URL(settings.discoverUrl);
    return oidc.discovery(
      server,
      settings.clientId,
      { id_token_signed_response_alg: settings.idTokenSigningAlgorithm },
      oidc.ClientSecretBasic(settings.secret),
      { execute: isLoopback(server) ? [oidc.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_SECONDS },
    );
  }
}

function keyOf(settings: OidcSettings): string {
  return JSON.stringify([settings.discoverUrl, settings.clientId, settings.secret, settings.idTokenSigningAlgorithm]);
}

/** A provider error in words people can act on: the network's reason, or the provider's own error. */
export function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return error.error_description ? `${error.error}: ${error.error_description}` : error.error;
  if (error instanceof Error) {
    // openid-client's own message is general ("invalid response encountered"); its causes say which check failed.
    const reasons = [error.message];
    for (let cause = error.cause; cause instanceof Error; cause = cause.cause) reasons.push(cause.message);
    return reasons.join(': ');
  }
  return String(error);
}

/** Whether the error is the network's or the provider's (down, hanging, answering garbage) rather than the sign-in's. */
export function isProviderFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof oidc.ResponseBodyError || cause instanceof oidc.AuthorizationResponseError) return false;
    if (cause instanceof TypeError && /fetch failed/.test(cause.message)) return true;
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
  }
  return false;
}
