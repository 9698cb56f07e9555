import { Body, Delete, Get, HttpCode, Inject, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import { SignedInToMintTokens } from '../../core/access/no-token-minting.guard.js';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { type CreatedPat, CreatePatDto, type Pat, PatSchema, PatsSchema } from '../personal-access-tokens/index.js';
import {
  CreateServiceAccountSchema,
  ServiceAccountSchema,
  ServiceAccountsSchema,
  UpdateServiceAccountSchema,
} from './service-account.dto.js';
import type { ServiceAccount } from './service-account.model.js';
import { ServiceAccountService } from './service-account.service.js';

/** Service accounts and their tokens (Unleash Enterprise paths). Every route needs ADMIN. */
@AdminController('service-account', 'Service Accounts')
@RequirePermission('ADMIN')
export class ServiceAccountController {
  constructor(
    private readonly accounts: ServiceAccountService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getServiceAccounts',
    summary: 'List service accounts with their tokens (never the secrets), and the root roles they can hold.',
  })
  @ApiOkResponse({ type: ServiceAccountsSchema })
  list(): Promise<ServiceAccountsSchema> {
    return this.accounts.list();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createServiceAccount', summary: 'Create a service account.' })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: ServiceAccountSchema, headers: LOCATION_HEADER })
  async create(
    @Body() body: CreateServiceAccountSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ServiceAccount> {
    const account = await this.accounts.create(body, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/service-account/${account.id}`);
    return account;
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getServiceAccount', summary: 'One service account with its tokens.' })
  @ApiOkResponse({ type: ServiceAccountSchema })
  @ApiErrors(400, [404, 'No service account with that id'])
  get(@IntParam('id') id: number): Promise<ServiceAccount> {
    return this.accounts.get(id);
  }

  @Put(':id')
  @ApiOperation({ operationId: 'updateServiceAccount', summary: 'Change the name or root role of a service account.' })
  @ApiOkResponse({ type: ServiceAccountSchema })
  @ApiErrors(400, [404, 'No service account with that id'])
  update(@IntParam('id') id: number, @Body() body: UpdateServiceAccountSchema, @CurrentActor() actor: Actor): Promise<ServiceAccount> {
    return this.accounts.update(id, body, actor);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteServiceAccount',
    summary: 'Delete a service account together with its tokens; it can no longer act.',
  })
  @ApiOkResponse({ description: 'Deleted' })
  @ApiErrors(400, [404, 'No service account with that id'])
  async remove(@IntParam('id') id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.accounts.delete(id, actor);
  }

  @Get(':id/token')
  @ApiOperation({ operationId: 'getServiceAccountTokens', summary: 'The tokens of a service account, never with their secrets.' })
  @ApiOkResponse({ type: PatsSchema })
  @ApiErrors(400, [404, 'No service account with that id'])
  async tokens(@IntParam('id') id: number): Promise<PatsSchema> {
    return { pats: await this.accounts.listTokens(id) };
  }

  @Post(':id/token')
  @HttpCode(201)
  @SignedInToMintTokens()
  @ApiOperation({
    operationId: 'createServiceAccountToken',
    summary: 'Create a token for a service account; its secret (user:…) is in this response only.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: PatSchema, headers: LOCATION_HEADER })
  @ApiErrors(400, [404, 'No service account with that id'])
  async createToken(
    @IntParam('id') id: number,
    @Body() body: CreatePatDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatedPat> {
    const pat = await this.accounts.createToken(id, body, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/service-account/${id}/token/${pat.id}`);
    return pat;
  }

  @Get(':id/token/:tokenId')
  @ApiOperation({
    operationId: 'getServiceAccountToken',
    summary: 'One token of a service account (where its creation points), never with its secret.',
  })
  @ApiOkResponse({ type: PatSchema })
  @ApiErrors(400, [404, 'No such service account, or no such token of it'])
  async token(@IntParam('id') id: number, @IntParam('tokenId') tokenId: number): Promise<Pat> {
    return this.accounts.getToken(id, tokenId);
  }

  @Delete(':id/token/:tokenId')
  @ApiOperation({ operationId: 'deleteServiceAccountToken', summary: 'Delete a token of a service account; it stops working at once.' })
  @ApiOkResponse({ description: 'Deleted' })
  @ApiErrors(400, [404, 'No such service account, or no such token of it'])
  async deleteToken(@IntParam('id') id: number, @IntParam('tokenId') tokenId: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.accounts.deleteToken(id, tokenId, actor);
  }
}
