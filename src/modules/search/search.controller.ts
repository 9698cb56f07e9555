import { Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { SearchFeaturesQueryDto, SearchFeaturesSchema } from './search.dto.js';
import { SearchService } from './search.service.js';

@AdminController('search', 'Search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get('features')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'searchFeatures',
    summary: 'Search and filter features, a page at a time.',
    description:
      'Any authenticated user may search; client and frontend tokens may not. All filters are ANDed. Archived features appear only with `archived=IS:true` or a `lifecycle` filter listing `archived`. A malformed parameter is a 400 naming it.',
  })
  @ApiOkResponse({ type: SearchFeaturesSchema })
  @ApiErrors(400)
  // The body comes serialized (a page is assembled from pre-serialized pieces, see SearchItemsReadModel) and is
  // written as it is: no ETag, which would hash every page of a result that changes with SDK traffic anyway.
  async search(@Query() query: SearchFeaturesQueryDto, @CurrentPrincipal() principal: Principal, @Res() res: Response): Promise<void> {
    const body = await this.searchService.search(query, principal);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(body);
  }
}
