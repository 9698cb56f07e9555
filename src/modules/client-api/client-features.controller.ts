import { Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { notFound } from '../../core/errors/app-error.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeaturePath } from '../../core/http/route-paths.js';
import { ClientDeltaSchema, ClientFeatureSchema, ClientFeaturesQuery, ClientFeaturesSchema } from './client-features.dto.js';
import type { ClientFeature, SdkScope } from './client-features.model.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';
import { clientShapeOf, requestedEtags, SDK_ETAG_HEADER, sendKept } from './sdk-http.js';
import { type InlinedClientFeature, KeptAnswer } from './sdk-snapshot.js';
import { SdkSnapshots } from './sdk-snapshots.service.js';
import { SdkStreams } from './sdk-streams.service.js';

const SPEC_HEADER = {
  name: 'Unleash-Client-Spec',
  required: false,
  description:
    'The client specification version the SDK implements (e.g. 5.2.0). From 4.2.0 segments are sent apart; older or absent, their constraints are inlined into the strategies.',
};

/** What backend SDKs fetch, from memory. Client (backend) tokens and admin users may call it. */
@ApiController('client', '', 'Client')
@RequirePermission('CLIENT')
export class ClientFeaturesController {
  constructor(
    private readonly scopes: SdkScopeResolver,
    private readonly snapshots: SdkSnapshots,
    private readonly streams: SdkStreams,
  ) {}

  @Get('features')
  @ApiOperation({
    operationId: 'getAllClientFeatures',
    summary: "The configuration of every active feature in the token's environment and projects, for SDKs to evaluate.",
    description: 'Answers an `ETag`; a request whose `If-None-Match` names it is a 304. gzip and brotli by `Accept-Encoding`.',
  })
  @ApiHeader(SPEC_HEADER)
  @ApiProduces('application/json')
  @ApiOkResponse({ type: ClientFeaturesSchema, headers: SDK_ETAG_HEADER })
  @ApiNotModifiedResponse({ description: 'The configuration has not changed since the ETag in `If-None-Match`', headers: SDK_ETAG_HEADER })
  async features(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ClientFeaturesQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const shape = clientShapeOf(request);
    const snapshot = await this.snapshots.snapshot(await this.scopeOf(principal, query));
    await sendKept(request, response, snapshot.clientAnswer(shape));
  }

  @Get('features/:featureName')
  @ApiOperation({
    operationId: 'getClientFeature',
    summary: 'Get a single feature flag',
    description:
      'One feature as `GET /api/client/features` shows it, with the same token scope and query; 404 when that answer does not have it. SDKs should use the list.',
  })
  @ApiHeader(SPEC_HEADER)
  @ApiErrors([404, 'No such feature in the scope'])
  @ApiOkResponse({ type: ClientFeatureSchema })
  async feature(
    @Param() { featureName }: FeaturePath,
    @CurrentPrincipal() principal: Principal,
    @Query() query: ClientFeaturesQuery,
    @Req() request: Request,
  ): Promise<ClientFeature | InlinedClientFeature> {
    const shape = clientShapeOf(request);
    // As Unleash: the name stands for the query's name prefix, so a prefix that excludes the feature does not hide it.
    const snapshot = await this.snapshots.snapshot(await this.scopeOf(principal, { ...query, namePrefix: undefined }));
    const feature = snapshot.feature(featureName, shape);
    if (!feature) throw notFound(`Could not find feature flag ${featureName}`);
    return feature;
  }

  @Get('delta')
  @ApiOperation({
    operationId: 'getDelta',
    summary: 'The changes since the event named by `If-None-Match`, or a hydration of the whole configuration.',
    description: 'Unleash’s delta protocol: the answer’s `ETag` names its last event; sent back, it is a 304 while nothing changed.',
  })
  @ApiHeader(SPEC_HEADER)
  @ApiOkResponse({ type: ClientDeltaSchema, headers: SDK_ETAG_HEADER })
  @ApiNotModifiedResponse({ description: 'Nothing changed since the event in `If-None-Match`', headers: SDK_ETAG_HEADER })
  async delta(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ClientFeaturesQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const scope = await this.scopeOf(principal, query);
    const known = requestedEtags(request)
      .map((tag) => this.snapshots.eventIdOf(tag))
      .find((id) => id !== undefined);
    const { answer, lastEventId } = await this.snapshots.delta(scope, known);
    const etag = this.snapshots.deltaEtag(lastEventId);
    if (answer.kind === 'unchanged') {
      response.setHeader('ETag', etag);
      response.status(304).end();
      return;
    }
    const body = Buffer.from(JSON.stringify({ events: answer.events }));
    await sendKept(request, response, new KeptAnswer(etag, body));
  }

  @Get('streaming')
  @ApiOperation({
    operationId: 'connect',
    summary: 'Server-sent events: `unleash-connected` with a hydration, then `unleash-updated` with each change’s delta events.',
  })
  @ApiHeader(SPEC_HEADER)
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An event stream that stays open' })
  async streaming(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ClientFeaturesQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.streams.open(await this.scopeOf(principal, query), request, response);
  }

  private scopeOf(principal: Principal, query: ClientFeaturesQuery): Promise<SdkScope> {
    const projects = query.project === undefined ? undefined : [query.project].flat();
    return this.scopes.resolve(principal, { environment: query.environment, projects, namePrefix: query.namePrefix });
  }
}
