import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { SDK_GENERATION, SdkSnapshots } from './sdk-snapshots.service.js';
import { clientFeature, FakeClientFeaturesReadModel } from './testing/client-features-read-model.fake.js';

const ALL = { environment: 'development', projects: 'all' as const };

function buildSnapshots(keptScopes = 64) {
  const features = new FakeClientFeaturesReadModel();
  features.features = [clientFeature('a'), clientFeature('b', { project: 'other' })];
  const watcher = new FakeChangeWatcher();
  const snapshots = new SdkSnapshots(features, watcher, testConfig({ sdk: { keptScopes } }));
  snapshots.onModuleInit();
  return { snapshots, features, watcher };
}

describe('SdkSnapshots', () => {
  it('builds a scope once per generation, shared by concurrent requests and by the same projects in another order', async () => {
    const { snapshots, features, watcher } = buildSnapshots();
    const scope = { environment: 'production', projects: ['other', 'default'] };
    const [first, second] = await Promise.all([snapshots.snapshot(scope), snapshots.snapshot(scope)]);
    expect(second).toBe(first);
    expect(await snapshots.snapshot({ environment: 'production', projects: ['default', 'other'] })).toBe(first);
    expect(first.set.features.map((feature) => feature.name)).toEqual(['a', 'b']);
    expect(features.loads).toHaveLength(1);

    watcher.move(SDK_GENERATION);
    const rebuilt = await snapshots.snapshot(scope);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.generation).toBe('2');
    expect(features.loads).toHaveLength(2);
  });

  it('hydrates a new client, answers unchanged to one up to date, and sends only the changes since its event', async () => {
    const { snapshots, features, watcher } = buildSnapshots();
    const first = await snapshots.delta(ALL, undefined);
    expect(first).toEqual({
      answer: { kind: 'events', events: [{ eventId: 1, type: 'hydration', features: features.features, segments: [] }] },
      lastEventId: 1,
    });
    expect(await snapshots.delta(ALL, 1)).toEqual({ answer: { kind: 'unchanged' }, lastEventId: 1 });

    const changed = clientFeature('a', { enabled: false });
    features.features = [changed];
    watcher.move(SDK_GENERATION);
    expect(await snapshots.delta(ALL, 1)).toEqual({
      answer: {
        kind: 'events',
        events: [
          { eventId: 2, type: 'feature-updated', feature: changed },
          { eventId: 3, type: 'feature-removed', featureName: 'b', project: 'other' },
        ],
      },
      lastEventId: 3,
    });
    expect(await snapshots.delta(ALL, 2)).toMatchObject({ answer: { events: [{ eventId: 3, type: 'feature-removed' }] } });
  });

  it('hydrates again a client whose event it does not know', async () => {
    const { snapshots } = buildSnapshots();
    await snapshots.snapshot(ALL);
    expect(await snapshots.delta(ALL, 99)).toMatchObject({ answer: { kind: 'events', events: [{ eventId: 1, type: 'hydration' }] } });
  });

  it('names its events with its own epoch and reads back only tags it gave', () => {
    const { snapshots } = buildSnapshots();
    const tag = snapshots.deltaEtag(42);
    expect(tag).toBe(`"${snapshots.epoch}:42"`);
    expect(snapshots.eventIdOf(tag.slice(1, -1))).toBe(42);
    expect(snapshots.eventIdOf('another-epoch:42')).toBeUndefined();
    expect(snapshots.eventIdOf(`${snapshots.epoch}:x`)).toBeUndefined();
  });

  it('tells listeners of a change as soon as it is seen, with its events, until they stop listening', async () => {
    const { snapshots, features, watcher } = buildSnapshots();
    const connected: number[] = [];
    const heard: string[][] = [];
    const stop = await snapshots.listen(
      ALL,
      (_snapshot, lastEventId) => connected.push(lastEventId),
      (_snapshot, events) => heard.push(events.map((event) => event.type)),
    );
    expect(connected).toEqual([1]);

    features.features = [clientFeature('a')];
    watcher.move(SDK_GENERATION);
    await vi.waitFor(() => expect(heard).toEqual([['feature-removed']]));
    expect(features.loads).toHaveLength(2);

    stop();
    watcher.move(SDK_GENERATION);
    await snapshots.snapshot(ALL);
    expect(heard).toEqual([['feature-removed']]);
  });

  it('keeps at most keptScopes scopes, dropping the least recently used one nobody listens to', async () => {
    const { snapshots, features } = buildSnapshots(2);
    const listened = { environment: 'production', projects: 'all' as const };
    const narrow = { environment: 'development', projects: ['default'] };
    await snapshots.listen(
      listened,
      () => undefined,
      () => undefined,
    );
    await snapshots.snapshot(ALL);
    await snapshots.snapshot(narrow);
    await snapshots.snapshot(listened);
    await snapshots.snapshot(narrow);
    expect(features.loads).toEqual([listened, ALL, narrow]);
    await snapshots.snapshot(ALL);
    expect(features.loads).toEqual([listened, ALL, narrow, ALL]);
  });
});
