import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsDateString,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { ADMIN_TOKEN_TYPE, ALL_PROJECTS, CREATABLE_TOKEN_TYPES, DEFAULT_SDK_ENVIRONMENT } from './api-token.model.js';

const NOT_BLANK = /\S/;
const DATE_TIME = { message: 'must match format "date-time"' };

/** Refuses the property when `other` is given too (`project` and `projects` exclude each other). */
function NotTogetherWith(other: string) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'notTogetherWith',
      target: object.constructor,
      propertyName,
      options: { message: `must not be given together with \`${other}\`; use one of them` },
      validator: { validate: (_: unknown, args: ValidationArguments) => (args.object as Record<string, unknown>)[other] === undefined },
    });
}

/** `*` means every project, so it stands alone. */
function AllProjectsAlone() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'allProjectsAlone',
      target: object.constructor,
      propertyName,
      options: { message: `must not list "${ALL_PROJECTS}" (every project) together with other projects` },
      validator: { validate: (value: unknown) => !Array.isArray(value) || value.length < 2 || !value.includes(ALL_PROJECTS) },
    });
}

const TYPE_MESSAGE = `must be one of ${CREATABLE_TOKEN_TYPES.map((t) => `"${t}"`).join(', ')}`;

// class-validator reports a property's failures bottom-up and the pipe shows the first: the type check goes last.

@ApiSchema({
  name: 'createApiTokenSchema',
  description:
    'Give `project` or `projects`, not both; without either the token sees every project (`*`). No other properties are accepted.',
})
export class CreateApiTokenSchema {
  @ApiProperty({ description: 'Name of the token, shown in listings and recorded in events', example: 'web-backend', maxLength: 255 })
  @ValidateIf((body: CreateApiTokenSchema) => body.tokenName !== undefined || body.username === undefined)
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  tokenName?: string;

  @ApiPropertyOptional({ deprecated: true, description: 'Older name of `tokenName`, used when `tokenName` is absent', maxLength: 255 })
  @IsOptional()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  username?: string;

  @ApiProperty({
    enum: CREATABLE_TOKEN_TYPES,
    description:
      'Not case sensitive. `backend` is the newer name of `client`; `admin` tokens reach the admin API (creating them needs ADMIN)',
  })
  @IsDefined()
  @IsIn(CREATABLE_TOKEN_TYPES, { message: TYPE_MESSAGE })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  type: string;

  @ApiProperty({
    description: 'An existing environment; for an admin token `*` (every environment), which is also its default',
    example: 'development',
  })
  @ValidateIf((body: CreateApiTokenSchema) => body.environment !== undefined || body.type !== ADMIN_TOKEN_TYPE)
  @IsDefined()
  @MaxLength(100)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  environment: string;

  @ApiPropertyOptional({ description: 'One existing project, or `*` for every project', example: 'default' })
  @IsOptional()
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  project?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Existing projects, at least one; or `["*"]` for every project',
    example: ['default'],
  })
  @IsOptional()
  @NotTogetherWith('project')
  @AllProjectsAlone()
  @Matches(NOT_BLANK, { each: true, message: 'must contain only non-empty project ids' })
  @IsString({ each: true, message: 'must contain only strings' })
  @ArrayMinSize(1)
  @IsArray()
  projects?: string[];

  @ApiPropertyOptional({ format: 'date-time', description: 'When the token stops working, in the future; omitted → never' })
  @IsOptional()
  @IsDateString({ strict: true }, DATE_TIME)
  expiresAt?: string;
}

@ApiSchema({ name: 'updateApiTokenSchema' })
export class UpdateApiTokenSchema {
  @ApiProperty({ format: 'date-time', description: 'The new expiry; a time in the past makes the token stop working at once' })
  @IsDefined()
  @IsDateString({ strict: true }, DATE_TIME)
  expiresAt: string;
}

@ApiSchema({
  name: 'apiTokenSchema',
  description: 'An API token. `secret` only in the response that creates it; listings show `secretPrefix` instead.',
})
export class ApiTokenSchema {
  @ApiProperty({ description: 'Identifies the token in PUT and DELETE /api/admin/api-tokens/{id} (Unleash keys these by secret)' })
  id: number;
  @ApiPropertyOptional({ description: 'The whole token; in the creation response only', example: 'default:development.4f0e…' })
  secret?: string;
  @ApiPropertyOptional({ description: 'The visible start of the secret; in listings', example: 'default:development.' })
  secretPrefix?: string;
  @ApiProperty() tokenName: string;
  @ApiProperty({ enum: ['client', 'backend', 'frontend', 'admin'] }) type: string;
  @ApiProperty({ description: '`*` for admin tokens' }) environment: string;
  @ApiProperty({ description: 'The one project, `[]` for several, `*` for all' }) project: string;
  @ApiProperty({ type: [String], description: '`["*"]` for every project' }) projects: string[];
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'Last use, written at most once a minute' }) seenAt:
    string | null;
  @ApiProperty({ type: String, nullable: true, enum: [null] }) alias: null;
}

@ApiSchema({ name: 'apiTokensSchema' })
export class ApiTokensSchema {
  @ApiProperty({ type: [ApiTokenSchema], description: 'Ordered by id; only the types the caller may see' }) tokens: ApiTokenSchema[];
}

const PROJECT_TOKEN_TYPES = CREATABLE_TOKEN_TYPES.filter((type) => type !== ADMIN_TOKEN_TYPE);

@ApiSchema({
  name: 'createProjectApiTokenSchema',
  description: 'A client (backend) or frontend token for the project in the path only. No other properties are accepted.',
})
export class CreateProjectApiTokenSchema {
  @ApiProperty({ description: 'Name of the token, shown in listings and recorded in events', example: 'web-backend', maxLength: 255 })
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  tokenName: string;

  @ApiProperty({ enum: PROJECT_TOKEN_TYPES, description: 'Not case sensitive. `backend` is the newer name of `client`' })
  @IsDefined()
  @IsIn(PROJECT_TOKEN_TYPES, { message: `must be one of ${PROJECT_TOKEN_TYPES.map((t) => `"${t}"`).join(', ')}` })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  type: string;

  @ApiPropertyOptional({
    description: `An existing environment; \`${DEFAULT_SDK_ENVIRONMENT}\` when omitted (Unleash's default, \`default\`, is not an environment here)`,
    example: 'production',
    maxLength: 100,
  })
  @IsOptional()
  @MaxLength(100)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  environment?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the token stops working, in the future; omitted → never' })
  @IsOptional()
  @IsDateString({ strict: true }, DATE_TIME)
  expiresAt?: string;
}
