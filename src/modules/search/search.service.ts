import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { parseSearchQuery } from './search-query.parser.js';
import { SearchReadModel } from './search.read-model.js';

/** Feature search for any authenticated caller; favorites are the calling user's (API tokens have none). */
@Injectable()
export class SearchService {
  constructor(
    private readonly readModel: SearchReadModel,
    private readonly clock: Clock,
  ) {}

  /**
   * `query` is the request's query string as parsed by Express; a malformed parameter is a 400 naming it. The answer
   * is the `searchFeaturesSchema` JSON, serialized.
   */
  search(query: object, principal: Principal): Promise<string> {
    const searcher = principal.kind === 'user' ? { userId: principal.id } : {};
    return this.readModel.search(parseSearchQuery(query), searcher, this.clock.now());
  }
}
