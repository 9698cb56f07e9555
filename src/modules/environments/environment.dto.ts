import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { INT32_RULE, isInt32, isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import { ListBody } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';

@ApiSchema({ name: 'createEnvironmentSchema' })
export class CreateEnvironmentSchema {
  @ApiProperty({ description: 'Unique, URL-safe name of the environment', example: 'staging', minLength: 1, maxLength: 100 })
  @IsUrlSafeName()
  name: string;

  @ApiProperty({
    description: 'Kind of environment; `production` environments take features live',
    example: 'preproduction',
    maxLength: 100,
  })
  @IsDefined()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  type: string;

  @ApiPropertyOptional({ description: 'Position in environment lists (lower first); default 9999', example: 4 })
  @IsOptional()
  @IsInt()
  @Min(-2_147_483_648)
  @Max(2_147_483_647)
  sortOrder?: number;

  @ApiPropertyOptional({ description: 'Whether the environment can be used; default true', default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

@ApiSchema({ name: 'environmentSchema' })
export class EnvironmentSchema {
  @ApiProperty({ example: 'production' }) name: string;
  @ApiProperty({ example: 'production' }) type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ description: 'Built-in environments cannot be removed' }) protected: boolean;
  @ApiProperty({ example: 3 }) sortOrder: number;
  @ApiProperty({ description: 'Projects that have the environment enabled' }) projectCount: number;
  @ApiProperty({ description: 'API tokens scoped to the environment' }) apiTokenCount: number;
  @ApiProperty({ description: 'Active features switched on in the environment' }) enabledToggleCount: number;
}

@ApiSchema({ name: 'environmentsSchema' })
export class EnvironmentsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [EnvironmentSchema] }) environments: EnvironmentSchema[];
}

@ApiSchema({ name: 'environmentProjectSchema' })
export class EnvironmentProjectSchema {
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() protected: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ description: 'Whether the environment is enabled in the project' }) visible: boolean;
  @ApiProperty({ description: 'API tokens of the project scoped to the environment' }) projectApiTokenCount: number;
  @ApiProperty({ description: 'Active features of the project switched on in the environment' }) projectEnabledToggleCount: number;
}

@ApiSchema({ name: 'environmentsProjectSchema' })
export class EnvironmentsProjectSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [EnvironmentProjectSchema] }) environments: EnvironmentProjectSchema[];
}

@ApiSchema({ name: 'projectEnvironmentSchema' })
export class ProjectEnvironmentBody {
  @ApiProperty({ description: 'Name of the environment to enable in the project', example: 'production' })
  @IsDefined()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  environment: string;
}

@ApiSchema({ name: 'updateEnvironmentSchema' })
export class UpdateEnvironmentSchema {
  @ApiPropertyOptional({ description: 'Kind of environment; kept when omitted', example: 'production', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  type?: string;

  @ApiPropertyOptional({ description: 'Position in environment lists (lower first); kept when omitted', example: 4 })
  @IsOptional()
  @IsInt()
  @Min(-2_147_483_648)
  @Max(2_147_483_647)
  sortOrder?: number;
}

@ApiSchema({ name: 'nameSchema' })
export class NameSchema {
  @ApiProperty({ description: 'The name to check', example: 'staging' })
  @IsUrlSafeName()
  name: string;
}

@ApiSchema({ name: 'cloneEnvironmentSchema' })
export class CloneEnvironmentSchema {
  @ApiProperty({ description: 'Unique, URL-safe name of the new environment', example: 'staging-2', minLength: 1, maxLength: 100 })
  @IsUrlSafeName()
  name: string;

  @ApiProperty({ description: 'Kind of the new environment', example: 'preproduction', maxLength: 100 })
  @IsDefined()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  type: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Projects to enable the new environment in; by default every project that has the source enabled',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  projects?: string[];

  @ApiPropertyOptional({
    description: "Whether roles' permissions in the source are granted in the new environment; default true",
    default: true,
  })
  @IsOptional()
  @IsBoolean()
  clonePermissions?: boolean;
}

/** `{environmentName: sortOrder}`: every value a 32-bit whole number. */
function checkSortOrders(value: unknown, path: string, problems: Problems): void {
  if (!isPlainObject(value)) {
    problems.invalid(path, 'must be an object of environment names and sort orders', value);
    return;
  }
  for (const [name, sortOrder] of Object.entries(value))
    if (!isInt32(sortOrder)) problems.invalid(pointer(path, name), INT32_RULE, sortOrder);
}

/** The body of `updateSortOrder`: a map of environment names to sort orders; the route declares it as `sortOrderSchema`. */
@ListBody()
export class SortOrderBody {
  @Details('environmentSortOrders', checkSortOrders) items: Record<string, number>;
}
