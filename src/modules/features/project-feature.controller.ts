import { Body, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { ApiIfMatch, ETAG_HEADER } from '../../core/http/entity-tag.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { JsonPatchBody, PatchOperationSchema, toPatchOperations } from '../strategies/index.js';
import {
  BatchStaleSchema,
  CloneFeatureSchema,
  CreateFeatureSchema,
  FeatureSchema,
  ProjectFeaturesSchema,
  UpdateFeatureSchema,
} from './feature.dto.js';
import type { Response } from 'express';
import { featureEtag, type FeatureView } from './feature.model.js';
import { FeatureCloneService } from './feature-clone.service.js';
import { FeatureService } from './feature.service.js';
import { ProjectFeaturePath, ProjectPath } from '../../core/http/route-paths.js';

/** The user whose favourites a view marks; API tokens have none. */
export function userIdOf(principal: Principal): number | undefined {
  return principal.kind === 'user' ? principal.id : undefined;
}

/**
 * Answers a feature with the ETag of its settings, for `If-Match` on its next change. The body shows more than the
 * settings (environments, strategies), so the tag cannot say the body is unchanged: Express would answer a browser's
 * revalidation (`If-None-Match`) with a 304 and the browser would show strategies as they were. The request's
 * `If-None-Match` is dropped before Express compares it, and `no-cache` keeps caches asking.
 */
function withFeatureEtag(res: Response, feature: FeatureView): FeatureView {
  delete res.req.headers['if-none-match'];
  res.setHeader('ETag', featureEtag(feature));
  res.setHeader('Cache-Control', 'no-cache');
  return feature;
}

@AdminController('projects', 'Features')
export class ProjectFeatureController {
  constructor(
    private readonly features: FeatureService,
    private readonly clones: FeatureCloneService,
  ) {}

  @Get(':projectId/features')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getFeatures',
    summary: 'The active features of a project, oldest first, with their environments and tags.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: ProjectFeaturesSchema })
  async list(@Param() { projectId }: ProjectPath, @CurrentPrincipal() principal: Principal): Promise<ProjectFeaturesSchema> {
    return { version: 2, features: await this.features.listInProject(projectId, userIdOf(principal)) };
  }

  @Post(':projectId/features')
  @HttpCode(201)
  @RequirePermission('CREATE_FEATURE')
  @ApiOperation({
    operationId: 'createFeature',
    summary: 'Create a feature, switched off in every environment of the project; its name must be unique across the service.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: FeatureSchema })
  create(
    @Param() { projectId }: ProjectPath,
    @Body() body: CreateFeatureSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<FeatureView> {
    return this.features.create(projectId, body, actor, userIdOf(principal));
  }

  @Get(':projectId/features/:featureName')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getFeature',
    summary: 'One active feature with its environments, strategies, variants, tags, dependencies and lifecycle stage.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: FeatureSchema, headers: ETAG_HEADER })
  async get(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureView> {
    return withFeatureEtag(res, await this.features.get(projectId, featureName, userIdOf(principal)));
  }

  @Put(':projectId/features/:featureName')
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'updateFeature',
    summary: "Change a feature's type, description, impression data or staleness; omitted fields are kept.",
  })
  @ApiErrors(404)
  @ApiIfMatch('feature')
  @ApiOkResponse({ type: FeatureSchema, headers: ETAG_HEADER })
  async update(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: UpdateFeatureSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureView> {
    return withFeatureEtag(res, await this.features.update(projectId, featureName, body, actor, userIdOf(principal), ifMatch));
  }

  @Patch(':projectId/features/:featureName')
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'patchFeature',
    summary: 'Change a feature with a JSON Patch (RFC 6902) on {name, project, type, description, stale, impressionData}.',
  })
  @ApiBody({ type: [PatchOperationSchema] })
  @ApiIfMatch('feature')
  @ApiOkResponse({ type: FeatureSchema, headers: ETAG_HEADER })
  async patch(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: JsonPatchBody,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeatureView> {
    return withFeatureEtag(
      res,
      await this.features.patch(projectId, featureName, toPatchOperations(body.items), actor, userIdOf(principal), ifMatch),
    );
  }

  @Delete(':projectId/features/:featureName')
  @HttpCode(202)
  @RequirePermission('DELETE_FEATURE')
  @AcceptsNoBody()
  @ApiOperation({ operationId: 'archiveFeature', summary: 'Archive a feature (refused while other features depend on it).' })
  @ApiErrors(404)
  @ApiAcceptedResponse({ description: 'Archived' })
  async archive(@Param() { projectId, featureName }: ProjectFeaturePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.archive(projectId, featureName, actor);
  }

  @Post(':projectId/features/:featureName/clone')
  @HttpCode(201)
  @RequirePermission('CREATE_FEATURE')
  @ApiOperation({
    operationId: 'cloneFeature',
    summary:
      'Copy a feature in its project: settings, variants, strategies (CREATE_FEATURE_STRATEGY needed where it has some), tags and dependency; the copy is switched off everywhere.',
  })
  @ApiErrors(404, 409)
  @ApiCreatedResponse({ type: FeatureSchema })
  clone(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @Body() body: CloneFeatureSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<FeatureView> {
    return this.clones.clone(projectId, featureName, body, principal, actor);
  }

  @Post(':projectId/stale')
  @HttpCode(202)
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'staleFeatures',
    summary: 'Mark features of the project stale or not stale; names of no feature are ignored.',
  })
  @ApiAcceptedResponse({ description: 'Done' })
  async stale(@Param() { projectId }: ProjectPath, @Body() body: BatchStaleSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.features.setStale(projectId, body, actor);
  }
}
