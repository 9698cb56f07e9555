import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { SDK_ETAG_HEADER, sendKept } from '../client-api/index.js';
import { contextFromBody, contextFromQuery, requestedEnvironment } from './frontend-context.js';
import { FrontendContextBodySchema, FrontendTogglesSchema } from './frontend.dto.js';
import { FrontendService } from './frontend.service.js';

/** Per-request answers are small; compressing them would cost more than it saves. */
const SEND_PLAIN = { compress: false };

/** What frontend SDKs call. Frontend tokens and admin users may call it. */
@ApiController('frontend', '', 'Frontend API')
@RequirePermission('FRONTEND')
export class FrontendController {
  constructor(private readonly frontend: FrontendService) {}

  @Get()
  @ApiOperation({
    operationId: 'getFrontendFeatures',
    summary: 'The features enabled for the context given in the query, evaluated on the server.',
    description:
      'Custom context fields: `properties[name]=value`, or any other query parameter. Answers an `ETag`; `If-None-Match` with it is a 304.',
  })
  @ApiOkResponse({ type: FrontendTogglesSchema, headers: SDK_ETAG_HEADER })
  @ApiNotModifiedResponse({ description: 'The answer for this context has not changed', headers: SDK_ETAG_HEADER })
  @ApiQuery({ name: 'userId', required: false, description: 'Context field userId' })
  @ApiQuery({ name: 'sessionId', required: false, description: 'Context field sessionId' })
  @ApiQuery({ name: 'remoteAddress', required: false, description: "Context field remoteAddress; the caller's address when omitted" })
  @ApiQuery({ name: 'appName', required: false, description: 'Context field appName' })
  @ApiQuery({ name: 'currentTime', required: false, description: 'Context field currentTime (date-time); now when omitted' })
  @ApiQuery({
    name: 'environment',
    required: false,
    description: 'Admin tokens and admin users only: the environment to evaluate (default development); frontend tokens use their own',
  })
  async toggles(
    @CurrentPrincipal() principal: Principal,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.frontend.answer(principal, requestedEnvironment(query), contextFromQuery(query, request.ip));
    await sendKept(request, response, answer, SEND_PLAIN);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'getFrontendApiFeaturesWithPost',
    summary: 'The features enabled for the context in the body (`{context: {...}}`), evaluated on the server.',
    description: 'What frontend SDKs call in their `usePOSTrequests` mode. Answers an `ETag`; `If-None-Match` with it is a 304.',
  })
  @ApiOkResponse({ type: FrontendTogglesSchema, headers: SDK_ETAG_HEADER })
  @ApiNotModifiedResponse({ description: 'The answer for this context has not changed', headers: SDK_ETAG_HEADER })
  async togglesForBody(
    @CurrentPrincipal() principal: Principal,
    @Body() body: FrontendContextBodySchema,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { context, environment } = contextFromBody(body.context, request.ip);
    const answer = await this.frontend.answer(principal, environment, context);
    await sendKept(request, response, answer, SEND_PLAIN);
  }
}
