import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type SignInSettings, SignInWays } from '../../core/access/sign-in-ways.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { OidcSettingsService } from './oidc-settings.service.js';
import { PasswordLoginService } from './password-login.service.js';

/** What other modules (ui-config, the console) may know of sign-in: which ways are open. */
export interface SsoStatusJson {
  oidcEnabled: boolean;
  /** Password login turned off for everyone but the break-glass admin. */
  disablePasswordAuth: boolean;
}

/** The label of the single sign-on button, as Unleash words it. */
const OIDC_BUTTON = 'Sign in with OIDC';

/**
 * Which ways to sign in are open. At start it hands core's `SignInWays` its reader, so the 401 to a request without
 * credentials names them as Unleash's does: the password form hidden while password login is off, and single
 * sign-on's start while it is on.
 */
@Injectable()
export class SsoStatus implements OnModuleInit {
  constructor(
    private readonly oidc: OidcSettingsService,
    private readonly passwordLogin: PasswordLoginService,
    private readonly signInWays: SignInWays,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  onModuleInit(): void {
    this.signInWays.handOver(() => this.signInSettings());
  }

  async current(): Promise<SsoStatusJson> {
    const [oidcEnabled, { disabled }] = await Promise.all([this.oidc.isEnabled(), this.passwordLogin.settings()]);
    return { oidcEnabled, disablePasswordAuth: disabled };
  }

  private async signInSettings(): Promise<SignInSettings> {
    const { oidcEnabled, disablePasswordAuth } = await this.current();
    return {
      defaultHidden: disablePasswordAuth,
      options: oidcEnabled ? [{ type: 'oidc', message: OIDC_BUTTON, path: `${this.config.basePath}/auth/oidc/login` }] : [],
    };
  }
}
