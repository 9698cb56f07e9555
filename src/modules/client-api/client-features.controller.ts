import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ClientFeaturesQuery, ClientFeaturesSchema } from './client-features.dto.js';
import type { ClientFeaturesResponse } from './client-features.model.js';
import { ClientFeaturesReadModel } from './client-features.read-model.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';

/** What backend SDKs fetch. Client (backend) tokens and admin users may call it. */
@ApiController('client', 'features', 'Client API')
@RequirePermission('CLIENT')
export class ClientFeaturesController {
  constructor(
    private readonly scopes: SdkScopeResolver,
    private readonly features: ClientFeaturesReadModel,
  ) {}

  @Get()
  @ApiOperation({ summary: "The configuration of every active feature in the token's environment and projects, for SDKs to evaluate." })
  @ApiOkResponse({ type: ClientFeaturesSchema })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ClientFeaturesQuery): Promise<ClientFeaturesResponse> {
    const projects = query.project === undefined ? undefined : [query.project].flat();
    const scope = await this.scopes.resolve(principal, { environment: query.environment, projects, namePrefix: query.namePrefix });
    const { features, segments } = await this.features.load(scope);
    return {
      version: 2,
      features,
      segments,
      query: {
        environment: scope.environment,
        ...(scope.projects !== 'all' ? { project: scope.projects } : {}),
        ...(scope.namePrefix ? { namePrefix: scope.namePrefix } : {}),
      },
    };
  }
}
