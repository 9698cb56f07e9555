import { Body, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ClientMetricsSchema, ClientRegistrationDto } from './client-metrics.dto.js';
import { parseClientMetrics } from './client-metrics.parser.js';
import { ClientMetricsService } from './client-metrics.service.js';

/** What backend SDKs send: metrics buckets and their registration. Client tokens and admin users. */
@ApiController('client', '', 'Client API')
@RequirePermission('CLIENT')
export class ClientMetricsController {
  constructor(private readonly metrics: ClientMetricsService) {}

  @Post('metrics')
  @HttpCode(202)
  @ApiOperation({ summary: 'Report how often features were evaluated in a time bucket; unknown features are ignored.' })
  @ApiBody({ type: ClientMetricsSchema })
  @ApiAcceptedResponse({ description: 'Recorded' })
  async report(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.record(parseClientMetrics(body), principal, ip);
  }

  @Post('register')
  @HttpCode(202)
  @ApiOperation({ summary: 'Register an SDK instance of an application.' })
  @ApiAcceptedResponse({ description: 'Recorded' })
  async register(@Body() body: ClientRegistrationDto, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.register(
      {
        appName: body.appName,
        instanceId: body.instanceId ?? 'default',
        sdkVersion: body.sdkVersion,
        environment: body.environment,
        strategies: body.strategies,
      },
      principal,
      ip,
    );
  }
}
