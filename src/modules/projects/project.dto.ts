import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { URL_SAFE_NAME } from '../../core/http/url-safe-name.js';
import { PROJECT_MODE } from './project.model.js';

@ApiSchema({ name: 'createProjectSchema' })
export class CreateProjectSchema {
  @ApiPropertyOptional({ description: 'URL-safe id; made from the name when omitted', example: 'checkout', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  @Matches(URL_SAFE_NAME, { message: 'must be URL-safe: only letters, digits and the characters - _ . ~' })
  id?: string;

  @ApiProperty({ example: 'Checkout', maxLength: 255 })
  @IsDefined()
  @IsString()
  @Length(1, 255, { message: 'must be from 1 to 255 characters long' })
  @Matches(/\S/, { message: 'must not be blank' })
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Flags of the checkout team' })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ description: 'Stickiness for new gradual rollouts; default `default`', example: 'userId', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  defaultStickiness?: string;

  @ApiPropertyOptional({ enum: [PROJECT_MODE], description: 'Only `open` projects exist here' })
  @IsOptional()
  @IsIn([PROJECT_MODE], { message: `must be equal to one of the allowed values: ${PROJECT_MODE}` })
  mode?: string;
}

@ApiSchema({ name: 'updateProjectSchema' })
export class UpdateProjectSchema {
  @ApiProperty({ example: 'Checkout', maxLength: 255 })
  @IsDefined()
  @IsString()
  @Length(1, 255, { message: 'must be from 1 to 255 characters long' })
  @Matches(/\S/, { message: 'must not be blank' })
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Kept when omitted' })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ description: 'Kept when omitted', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  defaultStickiness?: string;

  @ApiPropertyOptional({ enum: [PROJECT_MODE] })
  @IsOptional()
  @IsIn([PROJECT_MODE], { message: `must be equal to one of the allowed values: ${PROJECT_MODE}` })
  mode?: string;
}

@ApiSchema({ name: 'projectCreatedSchema' })
export class ProjectCreatedSchema {
  @ApiProperty({ example: 'checkout' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: [PROJECT_MODE] }) mode: string;
  @ApiProperty({ example: 'default' }) defaultStickiness: string;
  @ApiProperty({ type: [String], description: 'Environments enabled in the new project: every enabled environment' })
  environments: string[];
}

@ApiSchema({ name: 'projectSchema' })
export class ProjectSchema {
  @ApiProperty({ example: 'checkout' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: [PROJECT_MODE] }) mode: string;
  @ApiProperty() defaultStickiness: string;
  @ApiProperty({ description: 'Active (not archived) features' }) featureCount: number;
  @ApiProperty({ description: 'Users with a project role, directly or through a group' }) memberCount: number;
  @ApiProperty({ description: 'Percentage of active features that are not stale' }) health: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) updatedAt: string | null;
}

@ApiSchema({ name: 'projectsSchema' })
export class ProjectsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [ProjectSchema] }) projects: ProjectSchema[];
}

class ProjectEnvironmentRef {
  @ApiProperty({ example: 'production' }) environment: string;
}

@ApiSchema({ name: 'projectOverviewSchema' })
export class ProjectOverviewSchema extends ProjectSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [ProjectEnvironmentRef], description: 'Environments enabled in the project' }) environments: ProjectEnvironmentRef[];
}
