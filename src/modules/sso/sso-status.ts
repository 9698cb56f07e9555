import { Injectable } from '@nestjs/common';
import { OidcSettingsService } from './oidc-settings.service.js';
import { PasswordLoginService } from './password-login.service.js';

/** What other modules (ui-config, the console) may know of sign-in: which ways are open. */
export interface SsoStatusJson {
  oidcEnabled: boolean;
  /** Password login turned off for everyone but the break-glass admin. */
  disablePasswordAuth: boolean;
}

@Injectable()
export class SsoStatus {
  constructor(
    private readonly oidc: OidcSettingsService,
    private readonly passwordLogin: PasswordLoginService,
  ) {}

  async current(): Promise<SsoStatusJson> {
    const [oidcEnabled, { disabled }] = await Promise.all([this.oidc.isEnabled(), this.passwordLogin.settings()]);
    return { oidcEnabled, disablePasswordAuth: disabled };
  }
}
