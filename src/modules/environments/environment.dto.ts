import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
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
