import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { OidcSettings } from '../../core/config/flagwright-config.js';
import { providerUnavailable } from './sso.errors.js';

/** How long a provider's discovery document is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds a request to the provider may take: a provider that hangs must not hold a sign-in for long. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Providers on this machine (development, tests) may be reached over plain http; every other one needs https. */
export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The provider as openid-client sees it, from its discovery document: read at the first sign-in after start or
 * after a change of settings, again after an hour, and again after a failure. Its signing keys (JWKS) are fetched
 * by openid-client when an ID token names a key it does not hold, so a key rotation needs nothing from us.
 */
@Injectable()
export class OidcProviderClient {
  private kept?: { key: string; at: number; configuration: Promise<oidc.Configuration> };

  async configuration(settings: OidcSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([settings.discoverUrl, settings.clientId, settings.secret, settings.idTokenSigningAlgorithm]);
    if (!this.kept || this.kept.key !== key || Date.now() - this.kept.at > DISCOVERY_TTL_MS) {
      this.kept = { key, at: Date.now(), configuration: this.discover(settings) };
    }
    const kept = this.kept;
    try {
      return await kept.configuration;
    } catch (error) {
      if (this.kept === kept) this.kept = undefined;
      throw providerUnavailable(settings.discoverUrl, describe(error));
    }
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
