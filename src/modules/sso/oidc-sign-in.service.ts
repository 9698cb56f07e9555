import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import * as oidc from 'openid-client';
import { ROLE } from '../../core/access/permissions.js';
import { type Actor, SYSTEM_ACTOR } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig, type OidcSettings } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { AppError } from '../../core/errors/app-error.js';
import { SignInService } from '../auth/index.js';
import { EVENT, EventService } from '../events/index.js';
import { GroupService } from '../groups/index.js';
import { SessionService } from '../sessions/index.js';
import { UserReadModel, UserService } from '../users/index.js';
import { describe, isProviderFailure, OidcProviderClient } from './oidc-provider.client.js';
import { OidcSettingsService } from './oidc-settings.service.js';
import {
  clearedTransactionCookie,
  readTransaction,
  safeReturnPath,
  SIGN_IN_MINUTES,
  type SignInTransaction,
  transactionCookie,
} from './sign-in-transaction.js';
import { oidcNotEnabled, signInRefused, storedSecretUnreadable, unsafeReturnPath } from './sso.errors.js';

const ROOT_ROLE_IDS = { Admin: ROLE.ADMIN, Editor: ROLE.EDITOR, Viewer: ROLE.VIEWER } as const;

/**
 * Single sign-on with OpenID Connect: the authorization code flow with PKCE (S256), `state` and `nonce`, through
 * openid-client (which checks the ID token's signature, issuer, audience, expiry and nonce). The person is found by
 * the email the provider vouches for, created at the first sign-in when `autoCreate` allows it, their groups synced
 * from the claim at `groupJsonPath`, and a new session started. Every sign-in and every refusal is an event.
 */
@Injectable()
export class OidcSignInService {
  constructor(
    private readonly settings: OidcSettingsService,
    private readonly provider: OidcProviderClient,
    private readonly users: UserReadModel,
    private readonly userService: UserService,
    private readonly groups: GroupService,
    private readonly signIns: SignInService,
    private readonly sessions: SessionService,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** Sends the browser to the provider, keeping what the callback must match in the transaction cookie. */
  async begin(redirect: string | undefined, request: Request, response: Response): Promise<void> {
    const settings = await this.enabledSettings();
    const returnTo = safeReturnPath(redirect, `${this.config.basePath}/`);
    if (returnTo === undefined) throw unsafeReturnPath();
    const configuration = await this.reachProvider(settings, request);
    const transaction: SignInTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnTo,
      expiresAt: this.clock.now().getTime() + SIGN_IN_MINUTES * 60_000,
    };
    const scopes = ['openid', 'email', 'profile', ...(settings.addGroupsScope ? ['groups'] : [])];
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl(request),
      scope: scopes.join(' '),
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      ...(settings.acrValues.trim() ? { acr_values: settings.acrValues.trim() } : {}),
    });
    response.append('Set-Cookie', transactionCookie(transaction, this.config.session.secret, this.cookiePath(), this.secure(request)));
    response.redirect(302, url.href);
  }

  /** The provider's redirect back: checks it, signs the person in, and answers where they go next. */
  async complete(request: Request, response: Response): Promise<string> {
    const settings = await this.enabledSettings();
    // Without the transaction nothing else matters: refused, nothing written.
    const transaction = readTransaction(request, this.config.session.secret, this.clock.now().getTime());
    response.append('Set-Cookie', clearedTransactionCookie(this.cookiePath(), this.secure(request)));
    if (!transaction) {
      throw signInRefused(
        `this sign-in was not started here, or took longer than ${SIGN_IN_MINUTES} minutes. Start it again from the login page.`,
      );
    }
    const configuration = await this.reachProvider(settings, request);
    const callback = new URL(this.callbackUrl(request));
    callback.search = new URL(request.originalUrl, 'http://callback.invalid').search;
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims()!;
    } catch (error) {
      if (isProviderFailure(error)) {
        const unavailable = this.provider.markDown(settings, describe(error));
        await this.recordFailure(request, unavailable.message);
        throw unavailable;
      }
      await this.recordFailure(request, `the provider's answer was refused (${describe(error)})`);
      throw signInRefused(`the provider's answer was refused (${describe(error)}). Start again from the login page.`);
    }
    const { personId, details } = await this.admit(settings, claims, request);
    try {
      await this.signIns.signIn(personId, { method: 'oidc', details }, request, response);
    } catch (error) {
      if (error instanceof AppError) await this.recordFailure(request, error.message, details.email as string);
      throw error;
    }
    return transaction.returnTo;
  }

  /**
   * Ends the session; with single sign-out on, answers the provider's end-session URL (RP-initiated logout),
   * else the login page.
   */
  async logout(request: Request, response: Response): Promise<string> {
    await this.sessions.end(request, response);
    const home = `${this.config.basePath}/`;
    const settings = await this.settings.current();
    if (!settings.enabled || !settings.enableSingleSignOut) return home;
    try {
      const configuration = await this.provider.configuration(settings);
      if (!configuration.serverMetadata().end_session_endpoint) return home;
      return oidc.buildEndSessionUrl(configuration, {
        client_id: settings.clientId,
        post_logout_redirect_uri: `${this.publicBase(request)}/`,
      }).href;
    } catch {
      // The session is over here; a provider that cannot be reached keeps its own until it expires.
      return home;
    }
  }

  /**
   * The person the provider vouches for, created at the first sign-in and their groups synced; signing them in
   * (the lock, the event, the session) is `SignInService`'s, as for every method.
   */
  private async admit(
    settings: OidcSettings,
    claims: oidc.IDToken,
    request: Request,
  ): Promise<{ personId: number; details: Record<string, unknown> }> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) return this.refuse(request, 'the provider sent no email address. Have it include the `email` claim in the ID token.');
    const existing = await this.users.personWithEmail(email);
    if (!existing && !settings.autoCreate) {
      return this.refuse(request, `there is no account for ${email}, and accounts are not created at their first sign-in.`, email);
    }
    if (!existing && !emailDomainAllowed(email, settings.emailDomains)) {
      return this.refuse(
        request,
        `accounts are created at their first sign-in only for ${settings.emailDomains.trim()}, not for ${email}.`,
        email,
      );
    }
    return this.db.transaction(async () => {
      const person =
        existing ??
        (await this.userService.create(
          { email, name: typeof claims.name === 'string' ? claims.name : null, rootRole: ROOT_ROLE_IDS[settings.defaultRootRole] },
          SYSTEM_ACTOR,
        ));
      const actor: Actor = { userId: person.id, username: person.username ?? email, ip: request.ip };
      const groups = settings.enableGroupSyncing ? groupsOf(claims, settings.groupJsonPath) : undefined;
      const synced = groups ? await this.groups.syncSsoMembership(person.id, groups, actor) : undefined;
      return { personId: person.id, details: { email, created: !existing, ...(synced ? { groups, ...synced } : {}) } };
    });
  }

  private async enabledSettings(): Promise<OidcSettings> {
    const settings = await this.settings.current();
    if (!settings.enabled) throw oidcNotEnabled();
    if (!settings.secret) throw storedSecretUnreadable();
    return settings;
  }

  private async reachProvider(settings: OidcSettings, request: Request): Promise<oidc.Configuration> {
    try {
      return await this.provider.configuration(settings);
    } catch (error) {
      if (error instanceof AppError) await this.recordFailure(request, error.message);
      throw error;
    }
  }

  private async refuse(request: Request, reason: string, email?: string): Promise<never> {
    await this.recordFailure(request, reason, email);
    throw signInRefused(reason);
  }

  private async recordFailure(request: Request, reason: string, email?: string): Promise<void> {
    await this.events.record({
      type: EVENT.USER_LOGIN_FAILED,
      actor: { ...SYSTEM_ACTOR, ip: request.ip },
      data: { method: 'oidc', reason, ...(email ? { email } : {}) },
    });
  }

  /**
   * Where a browser goes when its sign-in could not start or finish: the console's login page, saying why in
   * `errorMsg` (as Unleash's login page reads it). A fixed path of this service, whatever the request asked for.
   * Anything but our own errors is left to the error filter.
   */
  loginPageSaying(error: unknown): string {
    if (!(error instanceof AppError)) throw error;
    return `${this.config.basePath}/login?${new URLSearchParams({ errorMsg: error.message }).toString()}`;
  }

  /** Where the provider sends people back; it must be registered at the provider as a redirect URI. */
  callbackUrl(request: Request): string {
    return `${this.publicBase(request)}/auth/oidc/callback`;
  }

  /** Where people reach our routes: `publicUrl` (Unleash's UNLEASH_URL, the base path in it), else the request's host. */
  private publicBase(request: Request): string {
    return this.config.sso.publicUrl ?? `${request.protocol}://${request.get('host')}${this.config.basePath}`;
  }

  private cookiePath(): string {
    return `${this.config.basePath}/auth/oidc`;
  }

  private secure(request: Request): boolean {
    return this.config.session.secure ?? request.secure;
  }
}

/** The SSO group names at the dotted path of the claims: an array of strings, or one string. */
export function groupsOf(claims: object, path: string): string[] {
  let value: unknown = claims;
  for (const key of path.split('.').filter(Boolean)) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Whether `emailDomains` (comma-separated, empty for any) lets this address be created. */
export function emailDomainAllowed(email: string, emailDomains: string): boolean {
  const domains = emailDomains
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  return domains.length === 0 || domains.includes(email.slice(email.lastIndexOf('@') + 1));
}
