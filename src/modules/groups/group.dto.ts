import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsDefined, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { UserSchema } from '../users/index.js';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const NOT_BLANK = /\S/;

// class-validator reports a property's failures bottom-up and the pipe shows the first: the type check goes last.

export class AccountIdRef {
  @ApiProperty({ description: 'Id of an existing user or service account', example: 7 })
  @IsDefined()
  @Min(1)
  @IsInt()
  id: number;
}

export class GroupUserRef {
  @ApiProperty({ type: AccountIdRef })
  @IsDefined()
  @ValidateNested({ message: 'must be an object like {"id": 7}' })
  @Type(() => AccountIdRef)
  user: AccountIdRef;
}

const USERS = {
  type: [GroupUserRef] as [typeof GroupUserRef],
  description: 'Members, each as {"user": {"id": 7}}; repeated ids count once',
};
const nestedUsers = () => ValidateNested({ each: true, message: 'must be an object like {"user": {"id": 7}}' });

@ApiSchema({ name: 'createGroupSchema', description: 'No other properties are accepted.' })
export class CreateGroupSchema {
  @ApiProperty({ description: 'Unique among groups; surrounding spaces are removed', example: 'Developers', maxLength: 255 })
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty: a group needs a name' })
  @IsString()
  @trimmed()
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Empty when left out' })
  @IsOptional()
  @MaxLength(10_000)
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'SSO groups mapped to this group; empty when left out' })
  @IsOptional()
  @MaxLength(255, { each: true })
  @IsString({ each: true, message: 'must be a list of strings' })
  @IsArray()
  mappingsSSO?: string[] | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Id of a root role (1 Admin, 2 Editor, 3 Viewer, or a custom root role) every member holds; null or left out: none',
    example: 2,
  })
  @IsOptional()
  @Min(1)
  @IsInt()
  rootRole?: number | null;

  @ApiPropertyOptional(USERS)
  @IsOptional()
  @nestedUsers()
  @IsArray()
  @Type(() => GroupUserRef)
  users?: GroupUserRef[] | null;
}

@ApiSchema({
  name: 'updateGroupSchema',
  description:
    'Replaces name, description, mappingsSSO and rootRole (left out: empty / none); with `users`, the members become exactly those (left out: unchanged). No other properties are accepted.',
})
export class UpdateGroupSchema extends CreateGroupSchema {}

@ApiSchema({ name: 'addGroupUsersSchema', description: 'No other properties are accepted.' })
export class AddGroupUsersSchema {
  @ApiProperty({ ...USERS, description: 'Accounts to add; members already in the group stay as they are' })
  @IsDefined()
  @nestedUsers()
  @ArrayMinSize(1, { message: 'must name at least one user' })
  @IsArray()
  @Type(() => GroupUserRef)
  users: GroupUserRef[];
}

@ApiSchema({ name: 'groupUserModelSchema' })
export class GroupMemberSchema {
  @ApiProperty({ format: 'date-time', description: 'When the account was added to the group' }) joinedAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'Username of who added it' }) createdBy: string | null;
  @ApiProperty({ type: UserSchema }) user: UserSchema;
}

@ApiSchema({ name: 'groupSchema' })
export class GroupSchema {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Developers' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [String], description: 'SSO groups mapped to this group' }) mappingsSSO: string[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Root role every member holds: the id of Viewer, Editor, Admin or a custom root role',
  })
  rootRole: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Username of the creator' }) createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [GroupMemberSchema], description: 'Members, in the order they joined' }) users: GroupMemberSchema[];
  @ApiProperty({ type: [String], description: 'Projects where the group holds a role' }) projects: string[];
  @ApiProperty() userCount: number;
  @ApiProperty({ type: String, nullable: true, description: 'Only set when the group is managed by SCIM' }) scimId: string | null;
}

@ApiSchema({ name: 'groupsSchema' })
export class GroupsSchema {
  @ApiProperty({ type: [GroupSchema], description: 'Ordered by name, then id' }) groups: GroupSchema[];
}
