import { Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { UiConfigSchema } from './ui-config.dto.js';
import { UiConfigService } from './ui-config.service.js';

@AdminController('ui-config', 'Admin UI')
export class UiConfigController {
  constructor(private readonly uiConfig: UiConfigService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getUiConfig',
    summary: 'What a console needs to start: version, base path, how people sign in, limits and which optional capabilities are on.',
  })
  @ApiOkResponse({ type: UiConfigSchema })
  get(@Req() request: Request): UiConfigSchema {
    return this.uiConfig.uiConfig(`${request.protocol}://${request.get('host')}`);
  }
}
