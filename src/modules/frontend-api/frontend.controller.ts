import { Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { FrontendTogglesSchema } from './frontend.dto.js';
import { FrontendService } from './frontend.service.js';

/** What frontend SDKs call. Frontend tokens and admin users may call it. */
@ApiController('frontend', '', 'Frontend API')
@RequirePermission('FRONTEND')
export class FrontendController {
  constructor(private readonly frontend: FrontendService) {}

  @Get()
  @ApiOperation({
    summary: 'The features enabled for the context given in the query, evaluated on the server.',
    description: 'Custom context fields: `properties[name]=value`, or any other query parameter.',
  })
  @ApiOkResponse({ type: FrontendTogglesSchema })
  @ApiQuery({ name: 'userId', required: false, description: 'Context field userId' })
  @ApiQuery({ name: 'sessionId', required: false, description: 'Context field sessionId' })
  @ApiQuery({ name: 'remoteAddress', required: false, description: "Context field remoteAddress; the caller's address when omitted" })
  @ApiQuery({ name: 'appName', required: false, description: 'Context field appName' })
  @ApiQuery({ name: 'currentTime', required: false, description: 'Context field currentTime (date-time); now when omitted' })
  @ApiQuery({ name: 'environment', required: false, description: 'Admin tokens and admin users only: the environment to evaluate (default development); frontend tokens use their own' })
  async toggles(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>, @Req() request: Request): Promise<FrontendTogglesSchema> {
    return { toggles: await this.frontend.toggles(principal, query, request.ip) };
  }
}
