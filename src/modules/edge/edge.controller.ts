import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { TokenStringListDto, ValidatedEdgeTokensSchema } from './edge.dto.js';
import { EdgeService } from './edge.service.js';

/** What Unleash Edge calls besides the client API. Client (backend) tokens, as Edge sends them, and admin users. */
@ApiController('edge', '', 'Unleash Edge')
@RequirePermission('CLIENT')
export class EdgeController {
  constructor(private readonly edge: EdgeService) {}

  @Post('validate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'getValidTokens',
    summary: 'Check which tokens are valid.',
    description: 'Answers the valid client, backend and frontend tokens among those sent, each with its type, environment and projects.',
  })
  @ApiBody({ type: TokenStringListDto })
  @ApiOkResponse({ type: ValidatedEdgeTokensSchema })
  async validate(@Body() body: TokenStringListDto): Promise<ValidatedEdgeTokensSchema> {
    return { tokens: await this.edge.validate(body.tokens) };
  }
}
