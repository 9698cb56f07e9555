import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ConstraintBody } from './context-field.dto.js';
import { ConstraintValidationService } from './constraint-validation.service.js';

/** `POST /api/admin/constraints/validate`: what saving the constraint in a strategy or segment would refuse, before saving. */
@AdminController('constraints', 'Features')
export class ConstraintValidationController {
  constructor(private readonly constraints: ConstraintValidationService) {}

  @Post('validate')
  @HttpCode(204)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'validateConstraint',
    summary:
      'Check one constraint as saving it would: its operator and values, and the legal values of the context field it names. No other properties are accepted.',
  })
  @ApiBody({ type: ConstraintSchema })
  @ApiNoContentResponse({ description: 'The constraint is valid' })
  async validate(@Body() body: ConstraintBody): Promise<void> {
    await this.constraints.validate(body.items);
  }
}
