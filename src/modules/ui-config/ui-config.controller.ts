import { Body, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { SetCorsSchema, UiConfigSchema } from './ui-config.dto.js';
import { UiConfigService } from './ui-config.service.js';

@AdminController('ui-config', 'Admin UI')
export class UiConfigController {
  constructor(private readonly uiConfig: UiConfigService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getUiConfig',
    summary:
      'What a console needs to start: version, base path, how people sign in, limits, the frontend API origins and which optional capabilities are on.',
  })
  @ApiOkResponse({ type: UiConfigSchema })
  get(@Req() request: Request): Promise<UiConfigSchema> {
    return this.uiConfig.uiConfig(`${request.protocol}://${request.get('host')}`);
  }

  @Post('cors')
  @HttpCode(204)
  @RequirePermission('ADMIN', 'UPDATE_CORS')
  @ApiOperation({
    operationId: 'setCors',
    summary: 'Set the origins browsers may call the frontend API from (its CORS); `*` for anywhere. The admin API stays same-origin.',
  })
  @ApiNoContentResponse({ description: 'Set' })
  async setCors(@Body() body: SetCorsSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.uiConfig.setFrontendOrigins(body.frontendApiOrigins, actor);
  }
}
