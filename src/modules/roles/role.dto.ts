import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CUSTOM_ROLE_TYPES, type CustomRoleType } from './role.model.js';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const NOT_BLANK = /\S/;

// class-validator reports a property's failures bottom-up and the pipe shows the first: the type check goes last.

export class RolePermissionRef {
  @ApiProperty({ description: 'A permission name from GET /api/admin/permissions', example: 'UPDATE_FEATURE_STRATEGY' })
  @IsDefined()
  @IsString()
  name: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Required for environment-scoped permissions (an existing environment), left out for the others',
    example: 'production',
  })
  @IsOptional()
  @MaxLength(100)
  @IsString()
  environment?: string | null;
}

@ApiSchema({ name: 'createRoleWithPermissionsSchema', description: 'No other properties are accepted.' })
export class CreateRoleSchema {
  @ApiProperty({ description: 'Unique among roles; surrounding spaces are removed', example: 'Release manager', maxLength: 255 })
  @IsDefined()
  @MaxLength(255)
  @Matches(NOT_BLANK, { message: 'must not be empty' })
  @IsString()
  @trimmed()
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Empty when left out' })
  @IsOptional()
  @MaxLength(10_000)
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ enum: CUSTOM_ROLE_TYPES, default: 'custom', description: '`root-custom`: a root role; `custom`: a project role' })
  @IsOptional()
  @IsIn(CUSTOM_ROLE_TYPES, { message: 'must be one of "root-custom", "custom"' })
  type?: CustomRoleType;

  @ApiPropertyOptional({
    type: [RolePermissionRef],
    description: 'Root permissions for root-custom roles; project and environment permissions for custom roles',
  })
  @IsOptional()
  @ValidateNested({ each: true, message: 'must be an object like {"name": "UPDATE_FEATURE"}' })
  @IsArray()
  @Type(() => RolePermissionRef)
  permissions?: RolePermissionRef[];
}

@ApiSchema({
  name: 'updateRoleWithPermissionsSchema',
  description:
    'Replaces the name; description and permissions when given (left out: unchanged). The type cannot change. No other properties are accepted.',
})
export class UpdateRoleSchema extends CreateRoleSchema {}

@ApiSchema({ name: 'roleSummarySchema' })
export class RoleSummarySchema {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Release manager' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ['root', 'project', 'root-custom', 'custom'] }) type: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null: roles are not limited to a project' }) project: null;
}

@ApiSchema({ name: 'rolePermissionSchema' })
export class RolePermissionSchema {
  @ApiProperty({ example: 'UPDATE_FEATURE_STRATEGY' }) name: string;
  @ApiPropertyOptional({
    description: 'The environment of an environment-scoped grant; left out when the grant holds in every environment (built-in roles)',
  })
  environment?: string;
}

@ApiSchema({ name: 'roleWithPermissionsSchema' })
export class RoleWithPermissionsSchema extends RoleSummarySchema {
  @ApiProperty({ type: [RolePermissionSchema] }) permissions: RolePermissionSchema[];
}

@ApiSchema({ name: 'rolesSchema' })
export class RolesSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [RoleSummarySchema], description: 'Every role, by id' }) roles: RoleSummarySchema[];
}

export class CataloguePermissionSchema {
  @ApiProperty({ example: 'UPDATE_FEATURE_STRATEGY' }) name: string;
  @ApiProperty({ enum: ['root', 'project', 'environment'] }) type: string;
  @ApiPropertyOptional() environment?: string;
}

export class EnvironmentPermissionsSchema {
  @ApiProperty({ example: 'production' }) name: string;
  @ApiProperty({ type: [CataloguePermissionSchema] }) permissions: CataloguePermissionSchema[];
}

export class PermissionCatalogueSchema {
  @ApiProperty({ type: [CataloguePermissionSchema] }) root: CataloguePermissionSchema[];
  @ApiProperty({ type: [CataloguePermissionSchema] }) project: CataloguePermissionSchema[];
  @ApiProperty({ type: [EnvironmentPermissionsSchema] }) environments: EnvironmentPermissionsSchema[];
}

@ApiSchema({ name: 'adminPermissionsSchema' })
export class AdminPermissionsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: PermissionCatalogueSchema }) permissions: PermissionCatalogueSchema;
}
