import { Body, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ClientMetricsSchema, ClientRegistrationDto, toRegistration } from './client-metrics.dto.js';
import { toClientMetrics } from './client-metrics.rules.js';
import { ClientMetricsService } from './client-metrics.service.js';

/**
 * What frontend SDKs (unleash-proxy-client) send about their evaluations, in the backend SDKs' formats. Frontend
 * tokens and admin users; answered with 200, as Unleash's frontend API does.
 */
@ApiController('frontend', 'client', 'Frontend API')
@RequirePermission('FRONTEND')
export class FrontendMetricsController {
  constructor(private readonly metrics: ClientMetricsService) {}

  @Post('metrics')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'registerFrontendMetrics',
    summary: 'Report how often a frontend application evaluated features in a time bucket; unknown features are ignored.',
  })
  @ApiOkResponse({ description: 'Recorded' })
  async report(@Body() body: ClientMetricsSchema, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.record(toClientMetrics(body), principal, ip);
  }

  @Post('register')
  @HttpCode(200)
  @ApiOperation({ operationId: 'registerFrontendClient', summary: 'Register a frontend SDK instance of an application.' })
  @ApiOkResponse({ description: 'Recorded' })
  async register(@Body() body: ClientRegistrationDto, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.register(toRegistration(body), principal, ip);
  }
}
