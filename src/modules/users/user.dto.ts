import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { PASSWORD_RULE } from './password-policy.js';
import {
  IsAbsent,
  IsAcceptablePassword,
  IsEmailAddress,
  IsEmailUnlessUsername,
  IsRootRoleReference,
  MatchesPassword,
} from './user.validators.js';

const ROOT_ROLE = {
  description: 'The root role: its id (1 Admin, 2 Editor, 3 Viewer, or a custom root role) or its name.',
  oneOf: [
    { type: 'integer', minimum: 1, example: 2 },
    { type: 'string', example: 'Editor' },
  ],
};

@ApiSchema({ name: 'userSchema' })
export class UserSchema {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ type: String, nullable: true, required: false, example: 'Ada Lovelace' }) name: string | null;
  @ApiPropertyOptional({ description: 'Left out when the account has no email; stored lower-case', example: 'ada@example.com' })
  email?: string;
  @ApiProperty({ type: String, nullable: true, required: false, description: 'Unique', example: 'ada' }) username: string | null;
  @ApiProperty({ required: false, description: 'Gravatar link derived from the email, username or id' }) imageUrl: string;
  @ApiProperty({ required: false, description: 'Consecutive failed logins; 0 after a successful one' }) loginAttempts: number;
  @ApiProperty({ required: false, description: 'Whether a welcome email was sent; this service sends none, so false' }) emailSent: boolean;
  @ApiProperty({ required: false, description: 'Root role id' }) rootRole: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, required: false, description: 'Last login' }) seenAt: string | null;
  @ApiProperty({ format: 'date-time', required: false }) createdAt: string;
  @ApiProperty({ enum: ['User', 'Service Account'], required: false }) accountType: string;
  @ApiProperty({ required: false, deprecated: true, description: 'Always false' }) isAPI: boolean;
  @ApiProperty({
    type: [String],
    required: false,
    deprecated: true,
    description: "Always empty; GET /api/admin/user lists the caller's permissions",
  })
  permissions: string[];
  @ApiProperty({ type: String, nullable: true, required: false, description: 'Only set when the account is managed by SCIM' }) scimId:
    string | null;
}

@ApiSchema({ name: 'roleSchema' })
export class RootRoleSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: ['root', 'root-custom'] }) type: string;
}

@ApiSchema({ name: 'usersSchema' })
export class UsersSchema {
  @ApiProperty({ type: [UserSchema], description: 'Every person (service accounts are listed under /api/admin/service-account), by id' })
  users: UserSchema[];
  @ApiProperty({ type: [RootRoleSchema] }) rootRoles: RootRoleSchema[];
}

@ApiSchema({ name: 'createUserSchema' })
export class CreateUserSchema {
  @ApiPropertyOptional({ description: 'Unique among users and service accounts. Required when there is no email.', example: 'ada' })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'must not be blank' })
  @MaxLength(255)
  username?: string;

  @ApiPropertyOptional({ description: 'Unique; stored lower-case. Required when there is no username.', example: 'ada@example.com' })
  @ValidateIf((body: CreateUserSchema) => (body.email !== undefined && body.email !== null) || !body.username)
  @IsEmailUnlessUsername()
  email?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Ada Lovelace' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string | null;

  @ApiPropertyOptional({ description: `Optional; without one the user cannot log in until an admin sets one. It ${PASSWORD_RULE}.` })
  @IsOptional()
  @IsString()
  @IsAcceptablePassword()
  password?: string;

  @ApiProperty(ROOT_ROLE)
  @IsDefined()
  @IsRootRoleReference()
  rootRole: number | string;

  @ApiPropertyOptional({
    description: 'Accepted for compatibility with Unleash clients; this service sends no email, so emailSent stays false.',
  })
  @IsOptional()
  @IsBoolean()
  sendEmail?: boolean;
}

/** Clients send back what they read (`id`, `imageUrl`, …): unknown top-level properties are dropped. */
@IgnoreUnknownTopLevelProperties()
@ApiSchema({ name: 'updateUserSchema' })
export class UpdateUserSchema {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Stored lower-case; null removes it (only when the user has a username)',
  })
  @ValidateIf((body: UpdateUserSchema) => body.email !== undefined && body.email !== null)
  @IsEmailAddress()
  email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'null removes it' })
  @ValidateIf((body: UpdateUserSchema) => body.name !== undefined && body.name !== null)
  @IsString()
  @MaxLength(255)
  name?: string | null;

  @ApiPropertyOptional(ROOT_ROLE)
  @ValidateIf((body: UpdateUserSchema) => body.rootRole !== undefined)
  @IsRootRoleReference()
  rootRole?: number | string;

  @ValidateIf((body: UpdateUserSchema) => body.password !== undefined)
  @IsAbsent('cannot be changed with this request; use POST /api/admin/user-admin/{id}/change-password')
  password?: never;
}

@ApiSchema({ name: 'passwordSchema' })
export class PasswordSchema {
  @ApiProperty({ description: `The new password; it ${PASSWORD_RULE}.` })
  @IsDefined()
  @IsString()
  @IsAcceptablePassword()
  password: string;

  @ApiPropertyOptional({ description: 'When given, must equal password' })
  @IsOptional()
  @MatchesPassword()
  confirmPassword?: string;
}

@ApiSchema({ name: 'changePasswordSchema' })
export class ChangeMyPasswordSchema {
  @ApiProperty({ description: `The new password; it ${PASSWORD_RULE}.` })
  @IsDefined()
  @IsString()
  @IsAcceptablePassword()
  password: string;

  @ApiProperty({ description: 'Must equal password' })
  @IsDefined()
  @MatchesPassword()
  confirmPassword: string;

  @ApiPropertyOptional({
    description:
      'The current password: required (400 without it), and it must be right (401 otherwise). Optional in the schema, as Unleash has it.',
  })
  @IsOptional()
  @IsString()
  oldPassword?: string;
}

@ApiSchema({ name: 'userPermissionSchema' })
export class CallerPermissionSchema {
  @ApiProperty({ example: 'UPDATE_FEATURE_STRATEGY' }) permission: string;
  @ApiPropertyOptional({ description: 'Present when the permission holds in one project only' }) project?: string;
  @ApiPropertyOptional({ description: 'Present when the permission holds in one environment only' }) environment?: string;
}

@ApiSchema({ name: 'meSchema' })
export class MeSchema {
  @ApiProperty({ type: UserSchema }) user: UserSchema;
  @ApiProperty({ type: [CallerPermissionSchema], description: 'Effective permissions: root role, groups and project roles' })
  permissions: CallerPermissionSchema[];
}
