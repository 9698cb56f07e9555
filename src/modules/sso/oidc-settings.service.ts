import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig, type OidcSettings } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { AuthSettingsStore } from './auth-settings.store.js';
import { SecretBox } from './secret-box.js';
import { oidcSettingMissing, oidcSettingsFromEnvironment } from './sso.errors.js';

/** What the API shows in place of a client secret that is set; sent back unchanged, it keeps the stored one. */
export const SECRET_MASK = '********';

/** The setting's name in events, as Unleash names it. */
export const OIDC_SETTING_ID = 'unleash.enterprise.auth.oidc';

export const OIDC_DEFAULTS: OidcSettings = {
  enabled: false,
  discoverUrl: '',
  clientId: '',
  secret: '',
  autoCreate: false,
  emailDomains: '',
  defaultRootRole: 'Editor',
  enableGroupSyncing: false,
  groupJsonPath: '',
  addGroupsScope: false,
  enableSingleSignOut: false,
  idTokenSigningAlgorithm: 'RS256',
  acrValues: '',
};

/** The settings as the admin API shows them: the secret masked, and whether the environment holds them. */
export type OidcSettingsJson = OidcSettings & { fromEnvironment: boolean };

/**
 * The OpenID Connect settings: fixed by the host (`sso.oidc`, the OIDC_* variables standalone) or changed through
 * the admin API, kept in `flagwright_auth_settings` with the client secret sealed (`SecretBox`). The secret never
 * leaves this class but to the provider.
 */
@Injectable()
export class OidcSettingsService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: AuthSettingsStore,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {
    this.box = new SecretBox(config.sso.secretKey);
  }

  /** The settings in force, with the plain secret (empty when a stored one no longer opens under the current key). */
  async current(): Promise<OidcSettings> {
    if (this.config.sso.oidc) return { ...OIDC_DEFAULTS, ...this.config.sso.oidc };
    const stored = await this.store.read('oidc');
    if (!stored) return { ...OIDC_DEFAULTS };
    const { sealedSecret, ...rest } = stored as Partial<OidcSettings> & { sealedSecret?: string };
    return { ...OIDC_DEFAULTS, ...rest, secret: (sealedSecret && this.box.open(sealedSecret)) || '' };
  }

  /** Whether single sign-on is on; asked by every 401 to a request without credentials, so the secret stays sealed. */
  async isEnabled(): Promise<boolean> {
    const settings = this.config.sso.oidc ?? (await this.store.read('oidc'));
    return (settings?.enabled ?? OIDC_DEFAULTS.enabled) === true;
  }

  async forAdmin(): Promise<OidcSettingsJson> {
    return { ...masked(await this.current()), fromEnvironment: this.config.sso.oidc !== undefined };
  }

  /** Replaces the settings; a secret left out, empty or masked keeps the stored one. */
  async update(input: Partial<OidcSettings>, actor: Actor): Promise<OidcSettingsJson> {
    if (this.config.sso.oidc) throw oidcSettingsFromEnvironment();
    await this.db.transaction(async () => {
      const before = await this.store.read('oidc');
      const previous = await this.current();
      const keepSecret = input.secret === undefined || input.secret === '' || input.secret === SECRET_MASK;
      const given = Object.fromEntries(
        Object.keys(OIDC_DEFAULTS).flatMap((key) =>
          input[key as keyof OidcSettings] === undefined ? [] : [[key, input[key as keyof OidcSettings]]],
        ),
      );
      const next: OidcSettings = { ...OIDC_DEFAULTS, ...given, secret: keepSecret ? previous.secret : input.secret!.trim() };
      next.discoverUrl = next.discoverUrl.trim();
      next.clientId = next.clientId.trim();
      if (next.enabled) {
        for (const property of ['discoverUrl', 'clientId', 'secret'] as const) if (!next[property]) throw oidcSettingMissing(property);
      }
      const { secret, ...stored } = next;
      await this.store.write('oidc', { ...stored, sealedSecret: secret ? this.box.seal(secret) : '' }, this.clock.now());
      await this.events.record({
        type: before ? EVENT.SETTING_UPDATED : EVENT.SETTING_CREATED,
        actor,
        data: { id: OIDC_SETTING_ID, ...masked(next) },
        preData: before ? { id: OIDC_SETTING_ID, ...masked(previous) } : undefined,
      });
    });
    return this.forAdmin();
  }
}

function masked(settings: OidcSettings): OidcSettings {
  return { ...settings, secret: settings.secret ? SECRET_MASK : '' };
}
