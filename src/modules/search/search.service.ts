import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { MetricsWriter } from '../client-metrics/index.js';
import { searchCriteriaOf, type SearchQueryParameters } from './search-query.parser.js';
import { SearchReadModel } from './search.read-model.js';

/** Feature search for any authenticated caller; favorites are the calling user's (API tokens have none). */
@Injectable()
export class SearchService {
  constructor(
    private readonly readModel: SearchReadModel,
    private readonly clock: Clock,
    private readonly metrics: MetricsWriter,
  ) {}

  /**
   * `query` is the request's query string, validated by `SearchFeaturesQueryDto`'s rules. The answer is the
   * `searchFeaturesSchema` JSON, serialized.
   */
  async search(query: SearchQueryParameters, principal: Principal): Promise<string> {
    const searcher = principal.kind === 'user' ? { userId: principal.id } : {};
    const criteria = searchCriteriaOf(query);
    await this.metrics.flushPending(); // results show last-seen times, evaluations and lifecycle stages
    return this.readModel.search(criteria, searcher, this.clock.now());
  }
}
