import { Body, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import { ForPeopleOnly } from '../../core/access/people-only.guard.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { IntParam } from '../../core/http/int-param.js';
import { EVENT } from '../events/index.js';
import { CreatePatDto, PatSchema, PatsSchema } from './pat.dto.js';
import type { CreatedPat } from './pat.model.js';
import { PatService } from './pat.service.js';
import { NOT_AN_OWNER, notAnOwner } from './personal-access-tokens.errors.js';

const PERSONAL_EVENTS = { created: EVENT.PAT_CREATED, deleted: EVENT.PAT_DELETED };

/** The caller's own personal access tokens. */
@AdminController('user/tokens', 'Personal access tokens')
@RequirePermission('NONE')
export class UserPatController {
  constructor(private readonly pats: PatService) {}

  @Get()
  @ForPeopleOnly(NOT_AN_OWNER)
  @ApiOperation({ operationId: 'getPats', summary: "List the caller's personal access tokens (never their secrets)." })
  @ApiOkResponse({ type: PatsSchema })
  async list(@CurrentPrincipal() principal: Principal): Promise<PatsSchema> {
    return { pats: await this.pats.list(ownerOf(principal)) };
  }

  // Not @ForPeopleOnly: any caller's body is validated first (400), then an API token is refused by ownerOf (403).
  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createPat', summary: 'Create a personal access token; the secret is in this response only.' })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: PatSchema })
  create(@CurrentPrincipal() principal: Principal, @CurrentActor() actor: Actor, @Body() body: CreatePatDto): Promise<CreatedPat> {
    return this.pats.create(ownerOf(principal), body, actor, PERSONAL_EVENTS);
  }

  @Delete(':id')
  @ForPeopleOnly(NOT_AN_OWNER)
  @ApiOperation({ operationId: 'deletePat', summary: "Delete one of the caller's personal access tokens." })
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@CurrentPrincipal() principal: Principal, @CurrentActor() actor: Actor, @IntParam('id') id: number): Promise<void> {
    await this.pats.delete(ownerOf(principal), id, actor, PERSONAL_EVENTS);
  }
}

function ownerOf(principal: Principal): number {
  if (principal.kind !== 'user') throw notAnOwner();
  return principal.id;
}
