import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsDefined, IsInt, IsOptional, Min } from 'class-validator';
import { GroupSchema } from '../groups/index.js';
import { RoleSummarySchema } from '../roles/index.js';
import { UserSchema } from '../users/index.js';

// class-validator reports a property's failures bottom-up and the pipe shows the first: the type check goes last.

const ids = (what: string) => [
  Min(1, { each: true, message: `must be a list of ${what} ids (whole numbers from 1)` }),
  IsInt({ each: true, message: `must be a list of ${what} ids (whole numbers from 1)` }),
  IsArray(),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));

@ApiSchema({ name: 'projectAddAccessSchema', description: 'Gives each role to each user and group. No other properties are accepted.' })
export class ProjectAddAccessSchema {
  @ApiProperty({
    type: [Number],
    description: 'Project role ids (4 Owner, 5 Member, 6 Reader, or custom project roles); at least one',
    example: [5],
  })
  @IsDefined()
  @ArrayMinSize(1, { message: 'must name at least one role' })
  @apply(ids('role'))
  roles: number[];

  @ApiPropertyOptional({ type: [Number], description: 'Group ids', example: [3] })
  @IsOptional()
  @apply(ids('group'))
  groups?: number[] | null;

  @ApiPropertyOptional({
    type: [Number],
    description: 'User (or service account) ids; with groups, at least one user or group',
    example: [7],
  })
  @IsOptional()
  @apply(ids('user'))
  users?: number[] | null;
}

@ApiSchema({
  name: 'projectRolesSchema',
  description: 'The roles become exactly these; an empty list removes them all. No other properties are accepted.',
})
export class SetProjectRolesSchema {
  @ApiProperty({ type: [Number], description: 'Project role ids', example: [4] })
  @IsDefined()
  @apply(ids('role'))
  roles: number[];
}

@ApiSchema({ name: 'userWithProjectRoleSchema' })
export class UserWithProjectRoleSchema extends UserSchema {
  @ApiProperty({ format: 'date-time', description: 'When the user got its first role in the project' }) addedAt: string;
  @ApiProperty({ description: 'The lowest of `roles`' }) roleId: number;
  @ApiProperty({ type: [Number], description: 'Project roles the user holds itself (roles held through groups are under `groups`)' })
  roles: number[];
}

@ApiSchema({ name: 'groupWithProjectRoleSchema' })
export class GroupWithProjectRoleSchema extends GroupSchema {
  @ApiProperty({ format: 'date-time', description: 'When the group got its first role in the project' }) addedAt: string;
  @ApiProperty({ description: 'The lowest of `roles`' }) roleId: number;
  @ApiProperty({ type: [Number], description: 'Project roles the group holds' }) roles: number[];
}

@ApiSchema({ name: 'projectAccessSchema' })
export class ProjectAccessSchema {
  @ApiProperty({ type: [RoleSummarySchema], description: 'The project roles that can be given, by id' }) roles: RoleSummarySchema[];
  @ApiProperty({ type: [UserWithProjectRoleSchema], description: 'Users with a role in the project, by id' })
  users: UserWithProjectRoleSchema[];
  @ApiProperty({ type: [GroupWithProjectRoleSchema], description: 'Groups with a role in the project, by name then id' })
  groups: GroupWithProjectRoleSchema[];
}
