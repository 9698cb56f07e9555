import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDateString, IsDefined, IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
import { IsAcceptablePassword, IsRootRoleReference, PASSWORD_RULE } from '../users/index.js';

@ApiSchema({ name: 'idSchema' })
export class ResetLinkRequestSchema {
  @ApiProperty({ description: 'The user: their id, or their email', example: 'ada@example.com' })
  @IsDefined()
  @IsString()
  @MaxLength(320)
  id: string;
}

/** Unleash's `emailSchema`: the body of `POST /auth/reset/password-email`. */
@ApiSchema({ name: 'emailSchema' })
export class EmailSchema {
  @ApiProperty({ description: 'The email address of the person who forgot their password', example: 'ada@example.com' })
  @IsDefined()
  @IsString()
  @MaxLength(320)
  email: string;
}

@ApiSchema({ name: 'resetPasswordSchema' })
export class ResetLinkSchema {
  @ApiPropertyOptional({
    description: 'The link to hand over; absent when it was emailed to the user (it is theirs alone)',
    example: 'https://flags.example.com/reset-password?token=…',
  })
  resetPasswordUrl?: string;

  @ApiProperty({ description: 'Whether the link went to the user by email (only when SMTP is configured)' })
  emailSent: boolean;
}

export class ResetTokenQuery {
  @ApiProperty({ description: 'The secret of the link (`token` in its URL)' })
  @IsDefined()
  @IsString()
  @MaxLength(256)
  token: string;
}

@ApiSchema({ name: 'tokenUserSchema' })
export class ResetLinkUserSchema {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
  @ApiProperty({ enum: ['welcome', 'reset'], description: 'welcome: the user has no password yet' }) kind: 'welcome' | 'reset';
  @ApiProperty({ description: 'Who made the link' }) createdBy: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

@ApiSchema({ name: 'changePasswordWithTokenSchema' })
export class ResetPasswordSchema {
  @ApiProperty({ description: 'The secret of the link (`token` in its URL)' })
  @IsDefined()
  @IsString()
  @MaxLength(256)
  token: string;

  @ApiProperty({ description: `The new password; it ${PASSWORD_RULE}.` })
  @IsDefined()
  @IsString()
  @IsAcceptablePassword()
  password: string;
}

@ApiSchema({ name: 'validatePasswordSchema' })
export class CandidatePasswordSchema {
  @ApiProperty({ description: `A password to check against the policy: it ${PASSWORD_RULE}.` })
  @IsDefined()
  @IsString()
  @IsAcceptablePassword()
  password: string;
}

@ApiSchema({ name: 'publicSignupTokenCreateSchema' })
export class CreateSignupTokenSchema {
  @ApiProperty({ example: 'Spring hires' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'must not be blank' })
  @MaxLength(255)
  name: string;

  @ApiProperty({ format: 'date-time' })
  @IsDefined()
  @Matches(DATE_TIME, { message: 'must match format "date-time"' })
  @IsDateString({ strict: true }, { message: 'must match format "date-time"' })
  expiresAt: string;

  @ApiPropertyOptional({
    description: 'The root role people who sign up get (id or name); Viewer by default',
    oneOf: [
      { type: 'integer', minimum: 1, example: 3 },
      { type: 'string', example: 'Viewer' },
    ],
  })
  @IsOptional()
  @IsRootRoleReference()
  rootRole?: number | string;
}

@ApiSchema({ name: 'publicSignupTokenUpdateSchema' })
export class UpdateSignupTokenSchema {
  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @Matches(DATE_TIME, { message: 'must match format "date-time"' })
  @IsDateString({ strict: true }, { message: 'must match format "date-time"' })
  expiresAt?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

class SignupRoleSchema {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Viewer' }) name: string;
}

@ApiSchema({ name: 'publicSignupTokenSchema' })
export class SignupTokenSchema {
  @ApiProperty({
    description:
      'Names the invite link in the admin paths (`{token}`) as its secret does, without being it: the digest the link is stored under',
  })
  id: string;
  @ApiProperty() name: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() createdBy: string;
  @ApiProperty({ type: SignupRoleSchema }) role: SignupRoleSchema;
  @ApiPropertyOptional({ description: 'In the answer that creates it only: the invite link is stored as a digest' }) secret?: string;
  @ApiPropertyOptional({ description: 'In the answer that creates it only' }) url?: string;
}

@ApiSchema({ name: 'publicSignupTokensSchema' })
export class SignupTokensSchema {
  @ApiProperty({ type: [SignupTokenSchema] })
  tokens: SignupTokenSchema[];
}

@ApiSchema({ name: 'createInvitedUserSchema' })
export class SignUpSchema {
  @ApiProperty({ example: 'ada@example.com' })
  @IsDefined()
  @IsString()
  @IsEmail()
  @MaxLength(320)
  email: string;

  @ApiPropertyOptional({ example: 'ada' })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'must not be blank' })
  @MaxLength(255)
  username?: string;

  @ApiPropertyOptional({ example: 'Ada Lovelace' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiProperty({ description: `It ${PASSWORD_RULE}.` })
  @IsDefined()
  @IsString()
  @IsAcceptablePassword()
  password: string;
}
