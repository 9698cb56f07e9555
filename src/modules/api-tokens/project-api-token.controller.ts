import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import { SignedInToMintTokens } from '../../core/access/no-token-minting.guard.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import { ApiTokenSchema, ApiTokensSchema, CreateProjectApiTokenSchema } from './api-token.dto.js';
import { type CreatableTokenType, type CreatedApiToken, DEFAULT_SDK_ENVIRONMENT } from './api-token.model.js';
import { type ApiTokenRef, ApiTokenRefParam, apiTokenRefDoc } from './api-token-ref.param.js';
import { ApiTokenService } from './api-token.service.js';

/**
 * A project's API tokens (Unleash's project API tokens): client and frontend tokens for that project alone, with the
 * project permissions READ_, CREATE_ and DELETE_PROJECT_API_TOKEN (project Owners and Members hold them).
 */
@AdminController('projects', 'Projects')
export class ProjectApiTokenController {
  constructor(private readonly tokens: ApiTokenService) {}

  @Get(':projectId/api-tokens')
  @RequirePermission('READ_PROJECT_API_TOKEN')
  @ApiOperation({
    operationId: 'getProjectApiTokens',
    summary: "The project's client and frontend tokens (those of several projects included), without their secrets.",
  })
  @ApiOkResponse({ type: ApiTokensSchema })
  @ApiErrors(404)
  async list(@Param() { projectId }: ProjectPath): Promise<ApiTokensSchema> {
    return { tokens: await this.tokens.listForProject(projectId) };
  }

  @Post(':projectId/api-tokens')
  @HttpCode(201)
  @RequirePermission('CREATE_PROJECT_API_TOKEN')
  @SignedInToMintTokens()
  @ApiOperation({
    operationId: 'createProjectApiToken',
    summary: 'Create a client (backend) or frontend token for the project; its secret is in this response only.',
  })
  @ApiCreatedResponse({ type: ApiTokenSchema })
  @ApiErrors(404)
  create(
    @Param() { projectId }: ProjectPath,
    @Body() body: CreateProjectApiTokenSchema,
    @CurrentActor() actor: Actor,
  ): Promise<CreatedApiToken> {
    return this.tokens.createForProject(
      projectId,
      {
        tokenName: body.tokenName,
        type: body.type as CreatableTokenType,
        environment: body.environment ?? DEFAULT_SDK_ENVIRONMENT,
        projects: [projectId],
        projectsFrom: 'default',
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      },
      actor,
    );
  }

  @Delete(':projectId/api-tokens/:token')
  @ApiParam(apiTokenRefDoc('token'))
  @RequirePermission('DELETE_PROJECT_API_TOKEN')
  @ApiOperation({
    operationId: 'deleteProjectApiToken',
    summary:
      'Delete a token of this project alone; it stops working at once. `{token}` is its numeric id or its secret; a token of several projects is a 400.',
  })
  @ApiOkResponse({ description: 'Deleted' })
  @ApiErrors(400, [404, 'No such project, or no such API token of the project'])
  async remove(
    @Param() { projectId }: ProjectPath,
    @ApiTokenRefParam('token') ref: ApiTokenRef,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.tokens.deleteForProject(projectId, ref, actor);
  }
}
