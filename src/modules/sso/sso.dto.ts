import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';

const ROOT_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512'] as const;

/** Body of `POST /api/admin/auth/oidc/settings` (Unleash's `oidcSettingsSchema`); left-out properties take their defaults. */
@ApiSchema({ name: 'oidcSettingsSchema' })
@IgnoreUnknownTopLevelProperties()
export class OidcSettingsSchema {
  @ApiProperty({ description: 'Whether people can sign in with OpenID Connect' })
  @IsDefined()
  @IsBoolean()
  enabled: boolean;

  @ApiPropertyOptional({
    description: "The provider's issuer URL, or its `.well-known/openid-configuration` URL",
    example: 'https://idp.example.com/realms/acme',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  discoverUrl?: string;

  @ApiPropertyOptional({ description: 'The client id registered at the provider' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  clientId?: string;

  @ApiPropertyOptional({
    description: 'The client secret; answered masked (`********`). Left out, empty or masked: the stored one is kept',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  secret?: string;

  @ApiPropertyOptional({ description: 'Create people at their first sign-in, with `defaultRootRole`' })
  @IsOptional()
  @IsBoolean()
  autoCreate?: boolean;

  @ApiPropertyOptional({
    description: 'Comma-separated email domains allowed to be created at first sign-in (empty: any)',
    example: 'example.com',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  emailDomains?: string;

  @ApiPropertyOptional({ enum: ROOT_ROLES, description: 'Root role of people created at their first sign-in' })
  @IsOptional()
  @IsIn(ROOT_ROLES)
  defaultRootRole?: (typeof ROOT_ROLES)[number];

  @ApiPropertyOptional({ description: 'Sync group membership from the claim at `groupJsonPath` at each sign-in' })
  @IsOptional()
  @IsBoolean()
  enableGroupSyncing?: boolean;

  @ApiPropertyOptional({ description: "Dotted path to the groups in the ID token's claims", example: 'groups' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  groupJsonPath?: string;

  @ApiPropertyOptional({ description: 'Ask for the `groups` scope' })
  @IsOptional()
  @IsBoolean()
  addGroupsScope?: boolean;

  @ApiPropertyOptional({ description: "Logging out also ends the provider's session (RP-initiated logout)" })
  @IsOptional()
  @IsBoolean()
  enableSingleSignOut?: boolean;

  @ApiPropertyOptional({ enum: SIGNING_ALGORITHMS, description: 'The algorithm ID tokens must be signed with' })
  @IsOptional()
  @IsIn(SIGNING_ALGORITHMS)
  idTokenSigningAlgorithm?: (typeof SIGNING_ALGORITHMS)[number];

  @ApiPropertyOptional({ description: '`acr_values` sent with the authorization request (empty: none)' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  acrValues?: string;
}

/** The settings as the API answers them: every property, the secret masked. */
@ApiSchema({ name: 'oidcSettingsResponseSchema' })
export class OidcSettingsResponseSchema {
  @ApiProperty() enabled: boolean;
  @ApiProperty() discoverUrl: string;
  @ApiProperty() clientId: string;
  @ApiProperty({ description: '`********` when a secret is set, else empty' }) secret: string;
  @ApiProperty() autoCreate: boolean;
  @ApiProperty() emailDomains: string;
  @ApiProperty({ enum: ROOT_ROLES }) defaultRootRole: string;
  @ApiProperty() enableGroupSyncing: boolean;
  @ApiProperty() groupJsonPath: string;
  @ApiProperty() addGroupsScope: boolean;
  @ApiProperty() enableSingleSignOut: boolean;
  @ApiProperty({ enum: SIGNING_ALGORITHMS }) idTokenSigningAlgorithm: string;
  @ApiProperty() acrValues: string;
  @ApiProperty({ description: 'True when the settings come from the environment and the API cannot change them' }) fromEnvironment: boolean;
}

/** Body and answer of `/api/admin/auth/simple/settings` (Unleash's `passwordAuthSchema`). */
@ApiSchema({ name: 'passwordAuthSchema' })
export class PasswordAuthSchema {
  @ApiProperty({ description: 'Password login turned off for everyone but the break-glass admin' })
  @IsDefined()
  @IsBoolean()
  disabled: boolean;
}

/** Query of `GET /auth/oidc/login`. */
export class OidcLoginQuery {
  @ApiPropertyOptional({ description: 'A path of this service to go to once signed in (default: the home page)', example: '/projects' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect?: string;
}
