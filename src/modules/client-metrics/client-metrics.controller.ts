import { Body, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { BulkMetricsSchema, ClientMetricsSchema, ClientRegistrationDto, toRegistration } from './client-metrics.dto.js';
import { toBulkMetrics, toClientMetrics } from './client-metrics.rules.js';
import { ClientMetricsService } from './client-metrics.service.js';

/** What backend SDKs send: metrics buckets and registrations. Client tokens and admin users. */
@ApiController('client', '', 'Client')
@RequirePermission('CLIENT')
export class ClientMetricsController {
  constructor(private readonly metrics: ClientMetricsService) {}

  @Post('metrics')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'registerClientMetrics',
    summary: 'Report how often features were evaluated in a time bucket; unknown features are ignored.',
  })
  @ApiAcceptedResponse({ description: 'Recorded' })
  async report(@Body() body: ClientMetricsSchema, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.record(toClientMetrics(body), principal, ip);
  }

  @Post('register')
  @HttpCode(202)
  @ApiOperation({ operationId: 'registerClientApplication', summary: 'Register an SDK instance of an application.' })
  @ApiAcceptedResponse({ description: 'Recorded' })
  async register(@Body() body: ClientRegistrationDto, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.register(toRegistration(body), principal, ip);
  }
}

/** What Unleash Edge forwards for the SDKs behind it; Unleash documents it under Edge rather than Client. */
@ApiController('client', 'metrics', 'Unleash Edge')
@RequirePermission('CLIENT')
export class EdgeMetricsController {
  constructor(private readonly metrics: ClientMetricsService) {}

  @Post('bulk')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'clientBulkMetrics',
    summary: "Report a batch of SDKs' metrics and registrations, as Unleash Edge forwards them.",
    description:
      'Metrics and registrations of environments the credentials may not report for (a client token: any but its own) are ignored.',
  })
  @ApiAcceptedResponse({ description: 'Recorded' })
  async reportBulk(@Body() body: BulkMetricsSchema, @CurrentPrincipal() principal: Principal, @Ip() ip: string): Promise<void> {
    await this.metrics.recordBulk(toBulkMetrics(body), principal, ip);
  }
}
