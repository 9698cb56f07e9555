import { Body, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeatureDependencyService } from './feature-dependency.service.js';
import { CreateDependentFeatureSchema, DependencySchema } from './feature.dto.js';
import type { FeatureDependency } from './feature.model.js';
import { ProjectFeaturePath, ProjectPath } from '../../core/http/route-paths.js';
import { FeatureDependencyPath } from './features.paths.js';

const PATH = ':projectId/features/:featureName';

@AdminController('projects', 'Dependencies')
export class FeatureDependencyController {
  constructor(private readonly dependencies: FeatureDependencyService) {}

  @Post(`${PATH}/dependencies`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_DEPENDENCY')
  @ApiOperation({
    operationId: 'addFeatureDependency',
    summary: 'Make the feature depend on a parent of the same project (replacing its earlier parent).',
  })
  @ApiOkResponse({ description: 'Added' })
  async add(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: CreateDependentFeatureSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.dependencies.add(projectId, featureName, body, actor);
  }

  @Get(`${PATH}/dependencies`)
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getFeatureDependencies', summary: 'The parent the feature depends on (a list of at most one).' })
  @ApiErrors(404)
  @ApiOkResponse({ type: [DependencySchema] })
  list(@Param() { projectId, featureName }: ProjectFeaturePath): Promise<FeatureDependency[]> {
    return this.dependencies.list(projectId, featureName);
  }

  @Delete(`${PATH}/dependencies/:parent`)
  @RequirePermission('UPDATE_FEATURE_DEPENDENCY')
  @ApiOperation({ operationId: 'deleteFeatureDependency', summary: 'Remove the dependency of the feature on one parent.' })
  @ApiErrors([400, 'The feature is archived'], 404)
  @ApiOkResponse({ description: 'Removed' })
  async remove(@Param() { projectId, featureName, parent }: FeatureDependencyPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.dependencies.remove(projectId, featureName, parent, actor);
  }

  @Delete(`${PATH}/dependencies`)
  @RequirePermission('UPDATE_FEATURE_DEPENDENCY')
  @ApiOperation({ operationId: 'deleteFeatureDependencies', summary: 'Remove every dependency of the feature.' })
  @ApiErrors([400, 'The feature is archived'], 404)
  @ApiOkResponse({ description: 'Removed' })
  async removeAll(@Param() { projectId, featureName }: ProjectFeaturePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.dependencies.removeAll(projectId, featureName, actor);
  }

  @Get(`${PATH}/parents`)
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'listParentOptions', summary: 'Features of the project this feature could depend on.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: [String] })
  parents(@Param() { projectId, featureName }: ProjectFeaturePath): Promise<string[]> {
    return this.dependencies.possibleParents(projectId, featureName);
  }

  @Get(`${PATH}/parent-variants`)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'listParentVariantOptions',
    summary: 'List parent feature variants.',
    description:
      'The variants a child of this feature may require of it: the names of the variants of its strategies and of its environments, each once, sorted.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: [String] })
  parentVariants(@Param() { projectId, featureName }: ProjectFeaturePath): Promise<string[]> {
    return this.dependencies.parentVariantOptions(projectId, featureName);
  }

  @Get(':projectId/dependencies')
  @RequirePermission('NONE')
  // A bare boolean would otherwise go out as text.
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ operationId: 'checkDependenciesExist', summary: 'Whether any feature of the project depends on another.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: Boolean })
  hasDependencies(@Param() { projectId }: ProjectPath): Promise<boolean> {
    return this.dependencies.projectHasDependencies(projectId);
  }
}
