import { HttpCode, Options } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../../core/access/decorators.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';

const SUMMARY =
  "A browser's CORS preflight: 204, with the CORS headers when the request's Origin is allowed (POST /api/admin/ui-config/cors; `*` by default).";

/**
 * The CORS preflights of the frontend API's routes. A browser sends them without credentials, so they are public;
 * the CORS headers themselves are written by the frontend API's `FrontendCorsGuard`, on these answers as on every other.
 */
@ApiController('frontend', '', 'Frontend API')
@Public()
export class FrontendPreflightController {
  @Options()
  @HttpCode(204)
  @ApiOperation({ operationId: 'frontendApiPreflight', summary: SUMMARY })
  @ApiNoContentResponse({ description: 'Preflight answered' })
  features(): void {}

  @Options('client/metrics')
  @HttpCode(204)
  @ApiOperation({ operationId: 'frontendMetricsPreflight', summary: SUMMARY })
  @ApiNoContentResponse({ description: 'Preflight answered' })
  metrics(): void {}

  @Options('client/register')
  @HttpCode(204)
  @ApiOperation({ operationId: 'frontendRegisterPreflight', summary: SUMMARY })
  @ApiNoContentResponse({ description: 'Preflight answered' })
  register(): void {}
}
