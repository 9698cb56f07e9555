import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { type OidcSettingsJson, OidcSettingsService } from './oidc-settings.service.js';
import { PasswordLoginService } from './password-login.service.js';
import { OidcSettingsResponseSchema, OidcSettingsSchema, PasswordAuthSchema } from './sso.dto.js';

/** Sign-in settings at Unleash's paths: OpenID Connect, and whether password login is on. Every route needs ADMIN. */
@AdminController('auth', 'Auth')
@RequirePermission('ADMIN')
export class SsoSettingsController {
  constructor(
    private readonly oidc: OidcSettingsService,
    private readonly passwordLogin: PasswordLoginService,
  ) {}

  @Get('oidc/settings')
  @ApiOperation({ operationId: 'getOidcSettings', summary: 'The OpenID Connect settings, the client secret masked.' })
  @ApiOkResponse({ type: OidcSettingsResponseSchema })
  getOidcSettings(): Promise<OidcSettingsJson> {
    return this.oidc.forAdmin();
  }

  @Post('oidc/settings')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'setOidcSettings',
    summary: 'Replace the OpenID Connect settings; a secret left out or masked keeps the stored one (stored encrypted).',
  })
  @ApiErrors([400, 'Invalid settings, a required one missing to enable, or settings fixed by the environment'])
  @ApiOkResponse({ type: OidcSettingsResponseSchema })
  setOidcSettings(@Body() body: OidcSettingsSchema, @CurrentActor() actor: Actor): Promise<OidcSettingsJson> {
    return this.oidc.update(body, actor);
  }

  @Get('simple/settings')
  @ApiOperation({ operationId: 'getSimpleSettings', summary: 'Whether password login is turned off.' })
  @ApiOkResponse({ type: PasswordAuthSchema })
  getSimpleSettings(): Promise<PasswordAuthSchema> {
    return this.passwordLogin.settings();
  }

  @Post('simple/settings')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'updateSimpleSettings',
    summary: 'Turn password login off (for everyone but the break-glass admin) or on again.',
  })
  @ApiOkResponse({ type: PasswordAuthSchema })
  updateSimpleSettings(@Body() body: PasswordAuthSchema, @CurrentActor() actor: Actor): Promise<PasswordAuthSchema> {
    return this.passwordLogin.update(body, actor);
  }
}
