import { Body, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { JsonPatchBody, PatchOperationSchema, toPatchOperations } from '../strategies/index.js';
import { type FeatureEnvironmentInfo, FeatureEnvironmentService } from './feature-environment.service.js';
import { toFeatureVariants } from './feature-variant.rules.js';
import { FeatureEnvironmentInfoSchema, FeatureVariantsBody, PushVariantsSchema, VariantSchema, VariantsSchema } from './feature.dto.js';
import { userIdOf } from './project-feature.controller.js';
import { FeatureEnvironmentPath, ProjectFeaturePath } from '../../core/http/route-paths.js';

export class ToggleQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'On: enable the disabled strategies instead of adding the default strategy',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'must be equal to one of the allowed values: true, false' })
  shouldActivateDisabledStrategies?: string;
}

const PATH = ':projectId/features/:featureName/environments/:environment';

@AdminController('projects', 'Features')
export class FeatureEnvironmentController {
  constructor(private readonly environments: FeatureEnvironmentService) {}

  @Get(PATH)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getFeatureEnvironment',
    summary: 'A feature in one environment: whether it is on, its strategies and variants.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: FeatureEnvironmentInfoSchema })
  get(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @CurrentPrincipal() principal: Principal,
  ): Promise<FeatureEnvironmentInfo> {
    return this.environments.get({ projectId, featureName, environment }, userIdOf(principal));
  }

  @Post(`${PATH}/on`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'toggleFeatureEnvironmentOn',
    summary:
      'Switch a feature on in an environment. With no strategy (or only disabled ones) there, the default strategy (gradual rollout to 100%) is added, which also needs CREATE_FEATURE_STRATEGY.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'On' })
  async on(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @Query() query: ToggleQuery,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.environments.setEnabled(
      { projectId, featureName, environment },
      true,
      principal,
      actor,
      query.shouldActivateDisabledStrategies === 'true',
    );
  }

  @Post(`${PATH}/off`)
  @HttpCode(200)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT')
  @AcceptsNoBody()
  @ApiOperation({ operationId: 'toggleFeatureEnvironmentOff', summary: 'Switch a feature off in an environment.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Off' })
  async off(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.environments.setEnabled({ projectId, featureName, environment }, false, principal, actor);
  }

  @Get(`${PATH}/variants`)
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getEnvironmentFeatureVariants', summary: 'The variants of a feature in one environment, by name.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: VariantsSchema })
  async variants(@Param() { projectId, featureName, environment }: FeatureEnvironmentPath): Promise<VariantsSchema> {
    return { version: 1, variants: await this.environments.variants({ projectId, featureName, environment }) };
  }

  @Put(`${PATH}/variants`)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT_VARIANTS')
  @ApiOperation({
    operationId: 'overwriteEnvironmentFeatureVariants',
    summary: 'Replace the variants of a feature in one environment; variable weights are computed so all total 1000.',
  })
  @ApiBody({ type: [VariantSchema] })
  @ApiOkResponse({ type: VariantsSchema })
  async setVariants(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @Body() body: FeatureVariantsBody,
    @CurrentActor() actor: Actor,
  ): Promise<VariantsSchema> {
    const variants = toFeatureVariants(body.items);
    return { version: 1, variants: await this.environments.setVariants({ projectId, featureName, environment }, variants, actor) };
  }

  @Put(':projectId/features/:featureName/variants-batch')
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT_VARIANTS')
  @ApiOperation({
    operationId: 'overwriteFeatureVariantsOnEnvironments',
    summary: 'Create (overwrite) variants for a feature flag in multiple environments',
    description:
      'Replaces the variants of the feature in each environment listed, all or none; variable weights are computed so all total 1000. Needs UPDATE_FEATURE_ENVIRONMENT_VARIANTS in every one of them.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: VariantsSchema })
  async setVariantsInEnvironments(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: PushVariantsSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<VariantsSchema> {
    const variants = toFeatureVariants(body.variants ?? []);
    return {
      version: 1,
      variants: await this.environments.setVariantsInEnvironments(projectId, featureName, body.environments, variants, principal, actor),
    };
  }

  @Patch(`${PATH}/variants`)
  @RequirePermission('UPDATE_FEATURE_ENVIRONMENT_VARIANTS')
  @ApiOperation({
    operationId: 'patchEnvironmentsFeatureVariants',
    summary: 'Change the variants of a feature in one environment with a JSON Patch (RFC 6902) on the list.',
  })
  @ApiBody({ type: [PatchOperationSchema] })
  @ApiOkResponse({ type: VariantsSchema })
  async patchVariants(
    @Param() { projectId, featureName, environment }: FeatureEnvironmentPath,
    @Body() body: JsonPatchBody,
    @CurrentActor() actor: Actor,
  ): Promise<VariantsSchema> {
    const operations = toPatchOperations(body.items);
    return { version: 1, variants: await this.environments.patchVariants({ projectId, featureName, environment }, operations, actor) };
  }
}
