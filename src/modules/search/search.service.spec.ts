import { FakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { testConfig } from '../../core/testing/config.js';
import { MetricsWriter } from '../client-metrics/index.js';
import { ReportingEnvironments } from '../client-metrics/reporting-environments.js';
import { FakeClientMetricsStore } from '../client-metrics/testing/client-metrics-store.fake.js';
import { SearchService } from './search.service.js';
import { FakeSearchReadModel } from './testing/search-read-model.fake.js';

function buildSearch() {
  const metricsStore = new FakeClientMetricsStore();
  const countsWhenRead: number[] = [];
  const readModel = new FakeSearchReadModel(() => countsWhenRead.push(metricsStore.counts.size));
  const metrics = new MetricsWriter(metricsStore, new ReportingEnvironments(metricsStore), new FakeDatabase().asDatabase(), testConfig());
  const clock = new FixedClock();
  return { service: new SearchService(readModel, clock, metrics), readModel, metrics, countsWhenRead, clock };
}

describe('SearchService', () => {
  it("reads the query string's criteria for the calling user at the clock's time and answers the read model's JSON as is", async () => {
    const { service, readModel, clock } = buildSearch();
    readModel.answer = '{"features":[{"name":"a"}],"total":1}';
    const answer = await service.search(
      { query: 'check, out', project: 'IS:default', sortBy: 'name', sortOrder: 'desc', limit: '5' },
      userPrincipal(3),
    );
    expect(answer).toBe('{"features":[{"name":"a"}],"total":1}');
    expect(readModel.searches).toEqual([
      {
        criteria: expect.objectContaining({
          terms: ['check', 'out'],
          project: { include: true, values: ['default'] },
          archived: false,
          sort: { by: 'name', order: 'desc' },
          offset: 0,
          limit: 5,
        }),
        searcher: { userId: 3 },
        now: clock.now(),
      },
    ]);
  });

  it('searches without favorites for an API token', async () => {
    const { service, readModel } = buildSearch();
    await service.search({}, apiTokenPrincipal());
    expect(readModel.searches[0].searcher).toEqual({});
    expect(readModel.searches[0].criteria).toMatchObject({ terms: [], status: [], sort: { by: 'createdAt', order: 'asc' }, limit: 50 });
  });

  it('writes the metrics this instance holds before reading, so results show the latest evaluations', async () => {
    const { service, metrics, countsWhenRead } = buildSearch();
    metrics.add((batch) =>
      batch.count(
        { environment: 'development', projects: 'all' },
        'app',
        new Date('2024-05-01T09:00:00Z'),
        [['a', { yes: 1, no: 0, variants: {} }]],
        new Date(),
      ),
    );
    await service.search({}, userPrincipal(3));
    expect(countsWhenRead).toEqual([1]);
  });
});
