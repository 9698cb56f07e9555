import { fakeDatabase } from '../../../core/testing/fake-database.js';
import type { SearchCriteria, Searcher } from '../search.model.js';
import { SearchItemsReadModel } from '../search-items.read-model.js';
import { SearchReadModel } from '../search.read-model.js';

export interface FakeSearch {
  criteria: SearchCriteria;
  searcher: Searcher;
  now: Date;
}

/** Keeps each search it is asked for and answers `answer`; `whenAsked` runs as each search is read. */
export class FakeSearchReadModel extends SearchReadModel {
  readonly searches: FakeSearch[] = [];
  answer = '{"features":[],"total":0}';

  constructor(private readonly whenAsked: () => void = () => undefined) {
    super(fakeDatabase(), new SearchItemsReadModel(fakeDatabase()));
  }

  override async search(criteria: SearchCriteria, searcher: Searcher, now: Date): Promise<string> {
    this.whenAsked();
    this.searches.push({ criteria, searcher, now });
    return this.answer;
  }
}
