import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PatSchema } from '../personal-access-tokens/index.js';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const NOT_BLANK = /\S/;

// class-validator reports a property's failures bottom-up and the pipe shows the first: the type check goes last.

@ApiSchema({ name: 'createServiceAccountSchema', description: 'Every property is required; no other properties are accepted.' })
export class CreateServiceAccountSchema {
  @ApiProperty({
    description: 'Unique among users and service accounts; surrounding spaces are removed',
    example: 'ci-bot',
    maxLength: 255,
  })
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @trimmed()
  username: string;

  @ApiProperty({ description: 'Display name', example: 'CI bot', maxLength: 255 })
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @trimmed()
  name: string;

  @ApiProperty({ description: 'Id of an existing root role: 1 Admin, 2 Editor, 3 Viewer, or a custom root role', example: 3 })
  @IsDefined()
  @Min(1)
  @IsInt()
  rootRole: number;
}

@ApiSchema({ name: 'updateServiceAccountSchema', description: 'Omitted properties are unchanged; the username cannot be changed.' })
export class UpdateServiceAccountSchema {
  @ApiPropertyOptional({ description: 'Display name', maxLength: 255 })
  @IsOptional()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @trimmed()
  name?: string;

  @ApiPropertyOptional({ description: 'Id of an existing root role' })
  @IsOptional()
  @Min(1)
  @IsInt()
  rootRole?: number;
}

@ApiSchema({
  name: 'serviceAccountSchema',
  description: 'A service account (spec 2.9). Deprecated fields have fixed values; email and inviteLink are omitted.',
})
export class ServiceAccountSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Gravatar link derived from the username' }) imageUrl: string;
  @ApiProperty({ description: 'Root role id' }) rootRole: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [PatSchema], description: 'The tokens of the account, never with their secrets' }) tokens: PatSchema[];
  @ApiProperty({ deprecated: true, enum: [false] }) isAPI: false;
  @ApiProperty({ deprecated: true, enum: [0] }) loginAttempts: 0;
  @ApiProperty({ deprecated: true, enum: [false] }) emailSent: false;
  @ApiProperty({
    deprecated: true,
    type: String,
    nullable: true,
    enum: [null],
    description: "Always null; a token's seenAt tells its last use",
  })
  seenAt: null;
}

@ApiSchema({ name: 'serviceAccountRootRoleSchema' })
export class RootRoleSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: 'root', description: '`root` for built-in root roles, `root-custom` for custom ones' }) type: string;
}

@ApiSchema({ name: 'serviceAccountsSchema' })
export class ServiceAccountsSchema {
  @ApiProperty({ type: [ServiceAccountSchema], description: 'Ordered by id' }) serviceAccounts: ServiceAccountSchema[];
  @ApiProperty({ type: [RootRoleSchema], description: 'The root roles an account can hold, ordered by id' }) rootRoles: RootRoleSchema[];
}
