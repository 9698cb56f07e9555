import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeatureNameValidation } from './feature-name.js';
import { ValidateFeatureSchema } from './feature.dto.js';

/** `POST /api/admin/features/validate`, which a create form calls before saving. */
@AdminController('features', 'Features')
export class FeatureValidationController {
  constructor(private readonly names: FeatureNameValidation) {}

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'validateFeature',
    summary:
      'Check a name as creating a feature would: 400 for a name that is not URL-safe or too long, 409 when a feature (archived ones included) has it.',
  })
  @ApiErrors(409)
  @ApiOkResponse({ description: 'A feature can be created with this name' })
  async validate(@Body() body: ValidateFeatureSchema): Promise<void> {
    await this.names.validate(body.name);
  }
}
