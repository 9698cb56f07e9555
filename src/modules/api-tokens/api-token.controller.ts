import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import { SignedInToMintTokens } from '../../core/access/no-token-minting.guard.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { NamePath } from '../../core/http/route-paths.js';
import { ApiTokenSchema, ApiTokensSchema, CreateApiTokenSchema, UpdateApiTokenSchema } from './api-token.dto.js';
import {
  ALL_ENVIRONMENTS,
  ALL_PROJECTS,
  type ApiToken,
  type CreatableTokenType,
  type CreatedApiToken,
  type NewApiToken,
} from './api-token.model.js';
import { apiTokenRefDoc, type ApiTokenRef, ApiTokenRefParam } from './api-token-ref.param.js';
import { ApiTokenService } from './api-token.service.js';
import { anyTokenPermission } from './token-permissions.js';

/**
 * API tokens. Each route admits the holders of any token permission of its action; the service then checks the
 * permission for the token's type (client/backend: *_CLIENT_API_TOKEN, frontend: *_FRONTEND_API_TOKEN, admin: ADMIN).
 */
@AdminController('api-tokens', 'API tokens')
export class ApiTokenController {
  constructor(private readonly tokens: ApiTokenService) {}

  @Get()
  @RequirePermission(...anyTokenPermission('READ', 'CREATE', 'UPDATE', 'DELETE'))
  @ApiOperation({ operationId: 'getAllApiTokens', summary: 'List the API tokens of the types the caller may see, without their secrets.' })
  @ApiOkResponse({ type: ApiTokensSchema })
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiTokensSchema> {
    return { tokens: await this.tokens.list(principal) };
  }

  @Get(':name')
  @RequirePermission(...anyTokenPermission('READ', 'CREATE', 'UPDATE', 'DELETE'))
  @ApiOperation({
    operationId: 'getApiTokensByName',
    summary: 'Get API tokens by name',
    description:
      'The tokens named `{name}` (names are not unique) of the types the caller may see, without their secrets; an empty list when there is none.',
  })
  @ApiOkResponse({ type: ApiTokensSchema })
  async listByName(@Param() { name }: NamePath, @CurrentPrincipal() principal: Principal): Promise<ApiTokensSchema> {
    return { tokens: await this.tokens.listByName(name, principal) };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission(...anyTokenPermission('CREATE'))
  @SignedInToMintTokens()
  @ApiOperation({
    operationId: 'createApiToken',
    summary: 'Create a client (backend) or frontend token; its secret is in this response only.',
  })
  @ApiCreatedResponse({ type: ApiTokenSchema })
  create(
    @Body() body: CreateApiTokenSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<CreatedApiToken> {
    return this.tokens.create(toNewToken(body), principal, actor);
  }

  @Put(':id')
  @ApiParam(apiTokenRefDoc())
  @RequirePermission(...anyTokenPermission('UPDATE'))
  @SignedInToMintTokens()
  @ApiOperation({
    operationId: 'updateApiToken',
    summary: 'Change when a token expires. `{id}` is the numeric id of the token, or its secret (as Unleash names tokens).',
  })
  @ApiOkResponse({ type: ApiTokenSchema })
  @ApiErrors([404, 'No such API token'])
  update(
    @ApiTokenRefParam() ref: ApiTokenRef,
    @Body() body: UpdateApiTokenSchema,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<ApiToken> {
    return this.tokens.updateExpiry(ref, new Date(body.expiresAt), principal, actor);
  }

  @Delete(':id')
  @ApiParam(apiTokenRefDoc())
  @RequirePermission(...anyTokenPermission('DELETE'))
  @ApiOperation({
    operationId: 'deleteApiToken',
    summary: 'Delete a token; it stops working at once. `{id}` is the numeric id of the token, or its secret.',
  })
  @ApiErrors(400)
  @ApiOkResponse({ description: 'Deleted' })
  @ApiErrors([404, 'No such API token'])
  async remove(
    @ApiTokenRefParam() ref: ApiTokenRef,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.tokens.delete(ref, principal, actor);
  }
}

function toNewToken(body: CreateApiTokenSchema): NewApiToken {
  const projects = body.projects ?? (body.project !== undefined ? [body.project] : [ALL_PROJECTS]);
  return {
    tokenName: (body.tokenName ?? body.username)!,
    type: body.type as CreatableTokenType,
    environment: body.environment ?? ALL_ENVIRONMENTS,
    projects: [...new Set(projects)],
    projectsFrom: body.projects ? 'projects' : body.project !== undefined ? 'project' : 'default',
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
  };
}
