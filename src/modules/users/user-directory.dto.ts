import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { RootRoleSchema, UserSchema } from './user.dto.js';

export class UsersSearchQuery {
  @ApiPropertyOptional({
    description:
      'Matches a name containing it, or a username or email starting with it, ignoring case; fewer than 2 characters find nobody',
    example: 'ad',
  })
  @IsOptional()
  @IsString()
  q?: string;
}

export class BaseGroupSchema {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Developers' }) name: string;
  @ApiProperty({ description: 'How many accounts are members' }) userCount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Root role every member holds, if any' }) rootRole: number | null;
}

@ApiSchema({ name: 'usersGroupsBaseSchema' })
export class UsersGroupsBaseSchema {
  @ApiProperty({
    type: [UserSchema],
    description: 'Every account (people and service accounts), by id, with only id, name, username, email and accountType',
  })
  users: UserSchema[];
  @ApiProperty({ type: [BaseGroupSchema], description: 'Every group, by name then id' }) groups: BaseGroupSchema[];
}

@ApiSchema({ name: 'adminCountSchema' })
export class AdminCountSchema {
  @ApiProperty({ description: 'People with the Admin root role who have a password' }) password: number;
  @ApiProperty({ description: 'People with the Admin root role without a password (single sign-on, or none set yet)' }) noPassword: number;
  @ApiProperty({ description: 'Service accounts with the Admin root role' }) service: number;
}

@ApiSchema({ name: 'inactiveUserSchema' })
export class InactiveUserSchema {
  @ApiProperty({ example: 123 }) id: number;
  @ApiProperty({ type: String, nullable: true, required: false }) name: string | null;
  @ApiPropertyOptional({ description: 'Left out when the person has none' }) email?: string;
  @ApiProperty({ type: String, nullable: true, required: false }) username: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, required: false, description: 'Last login' }) seenAt: string | null;
  @ApiProperty({ format: 'date-time', required: false }) createdAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    required: false,
    description: 'Last use of any of their personal access tokens',
  })
  patSeenAt: string | null;
}

@ApiSchema({ name: 'inactiveUsersSchema' })
export class InactiveUsersSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [InactiveUserSchema], description: 'By id' }) inactiveUsers: InactiveUserSchema[];
}

@ApiSchema({ name: 'idsSchema', description: 'No other properties are accepted.' })
export class IdsSchema {
  @ApiProperty({ type: [Number], description: 'User ids', example: [12, 212] })
  @IsDefined()
  @Min(0, { each: true, message: 'must be a list of user ids (whole numbers)' })
  @IsInt({ each: true, message: 'must be a list of user ids (whole numbers)' })
  @IsArray()
  ids: number[];
}

@ApiSchema({ name: 'groupItemSchema' })
export class GroupItemSchema {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Developers' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [String] }) mappingsSSO: string[];
  @ApiProperty({ type: Number, nullable: true, description: 'Root role every member holds, if any' }) rootRole: number | null;
  @ApiProperty({ type: String, nullable: true }) scimId: string | null;
}

@ApiSchema({ name: 'profileSchema' })
export class ProfileSchema {
  @ApiProperty({ type: RootRoleSchema, description: 'Your own root role (not those of your groups)' }) rootRole: RootRoleSchema;
  @ApiProperty({ type: [String], description: 'Projects where you hold a project role, yourself or through a group', example: ['default'] })
  projects: string[];
  @ApiProperty({ type: [GroupItemSchema], description: 'Groups you are a member of' }) groups: GroupItemSchema[];
  @ApiProperty({ type: [String], description: 'Email subscriptions: always empty, this service sends no reports' }) subscriptions: string[];
  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0, description: 'Deprecated, always empty' }) features: never[];
  @ApiProperty({ description: 'Whether you have a password here that you can change' }) canChangePassword: boolean;
}

export class UserRolesQuery {
  @ApiProperty({ description: 'The project whose roles you hold are listed' })
  @IsDefined()
  @IsString()
  projectId: string;
}
