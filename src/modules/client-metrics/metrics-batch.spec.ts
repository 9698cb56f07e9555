import type { ToggleCounts } from './client-metrics.model.js';
import { MetricsBatch } from './metrics-batch.js';

const toggles = (counts: Record<string, Partial<ToggleCounts>>): [string, ToggleCounts][] =>
  Object.entries(counts).map(([name, c]) => [name, { yes: c.yes ?? 0, no: c.no ?? 0, variants: c.variants ?? {} }]);
const at = (iso: string) => new Date(iso);
const everything = () => true;
const HOUR = at('2024-05-01T10:00:00Z');

describe('MetricsBatch', () => {
  it('adds reports of the same feature, application, environment and hour, variants included', () => {
    const batch = new MetricsBatch();
    const dev = { environment: 'development', projects: 'all' as const };
    batch.count(
      dev,
      'shop',
      at('2024-05-01T10:59:00Z'),
      toggles({ a: { yes: 2, no: 1, variants: { red: 2 } } }),
      at('2024-05-01T11:00:01Z'),
    );
    batch.count(
      dev,
      'shop',
      at('2024-05-01T10:01:00Z'),
      toggles({ a: { yes: 3, variants: { red: 1, blue: 2 } } }),
      at('2024-05-01T11:00:02Z'),
    );
    batch.count(dev, 'billing', HOUR, toggles({ a: { no: 4 } }), at('2024-05-01T11:00:03Z'));
    const rows = batch.rows(everything, everything);
    expect(rows.counts).toEqual([
      { featureName: 'a', appName: 'billing', environment: 'development', hourStart: HOUR, yes: 0, no: 4 },
      { featureName: 'a', appName: 'shop', environment: 'development', hourStart: HOUR, yes: 5, no: 1 },
    ]);
    expect(rows.variants).toEqual([
      { featureName: 'a', appName: 'shop', environment: 'development', hourStart: HOUR, variant: 'blue', count: 2 },
      { featureName: 'a', appName: 'shop', environment: 'development', hourStart: HOUR, variant: 'red', count: 3 },
    ]);
    expect(rows.seen).toEqual([
      { featureName: 'a', environment: 'development', firstSeenAt: at('2024-05-01T11:00:01Z'), lastSeenAt: at('2024-05-01T11:00:03Z') },
    ]);
    expect(batch.size).toBe(2);
  });

  it('neither counts nor sees features evaluated zero times', () => {
    const batch = new MetricsBatch();
    batch.count({ environment: 'development', projects: 'all' }, 'shop', HOUR, toggles({ idle: {} }), HOUR);
    expect(batch.isEmpty).toBe(true);
    expect(batch.rows(everything, everything)).toEqual({ counts: [], variants: [], seen: [], applications: [], instances: [] });
  });

  it("keeps only the features each report's projects may count, and environments that still exist", () => {
    const batch = new MetricsBatch();
    batch.count(
      { environment: 'development', projects: ['default'] },
      'shop',
      HOUR,
      toggles({ mine: { yes: 1 }, theirs: { yes: 1 } }),
      HOUR,
    );
    batch.count({ environment: 'development', projects: 'all' }, 'shop', HOUR, toggles({ theirs: { yes: 2 } }), HOUR);
    batch.count({ environment: 'gone', projects: 'all' }, 'shop', HOUR, toggles({ mine: { yes: 7 } }), HOUR);
    batch.touchInstance({ appName: 'shop', instanceId: 'i', environment: 'gone' }, HOUR);
    expect(batch.reportedFeatures()).toEqual([
      { projects: ['default'], featureNames: ['mine', 'theirs'] },
      { projects: 'all', featureNames: ['theirs', 'mine'] },
    ]);
    expect(batch.environments().sort()).toEqual(['development', 'gone']);
    const inDefault = new Set(['mine']);
    const rows = batch.rows(
      (projects, name) => projects === 'all' || inDefault.has(name),
      (environment) => environment !== 'gone',
    );
    expect(rows.counts.map((r) => [r.featureName, r.yes])).toEqual([
      ['mine', 1],
      ['theirs', 2],
    ]);
    expect(rows.seen.map((r) => r.featureName)).toEqual(['mine', 'theirs']);
    expect(rows.instances).toEqual([]);
  });

  it("records an application's latest registration strategies, which later metrics keep", () => {
    const batch = new MetricsBatch();
    batch.touchApplication('shop', at('2024-05-01T10:00:00Z'), ['default']);
    batch.touchApplication('shop', at('2024-05-01T10:00:05Z'));
    batch.touchApplication('shop', at('2024-05-01T10:00:02Z'), ['older']);
    batch.touchInstance({ appName: 'shop', instanceId: 'i', environment: 'development', sdkVersion: 'node:6' }, at('2024-05-01T10:00:00Z'));
    batch.touchInstance({ appName: 'shop', instanceId: 'i', environment: 'development', clientIp: '10.0.0.1' }, at('2024-05-01T10:00:09Z'));
    const rows = batch.rows(everything, everything);
    expect(rows.applications).toEqual([{ appName: 'shop', seenAt: at('2024-05-01T10:00:05Z'), strategies: ['default'] }]);
    expect(rows.instances).toEqual([
      {
        appName: 'shop',
        instanceId: 'i',
        environment: 'development',
        sdkVersion: 'node:6',
        clientIp: '10.0.0.1',
        seenAt: at('2024-05-01T10:00:09Z'),
      },
    ]);
  });

  it('takes in another batch, adding counts and widening the seen times', () => {
    const failed = new MetricsBatch();
    const newer = new MetricsBatch();
    const dev = { environment: 'development', projects: 'all' as const };
    failed.count(dev, 'shop', HOUR, toggles({ a: { yes: 1, variants: { red: 1 } } }), at('2024-05-01T10:10:00Z'));
    failed.touchApplication('shop', at('2024-05-01T10:10:00Z'), ['default']);
    newer.count(dev, 'shop', HOUR, toggles({ a: { no: 2, variants: { red: 4 } }, b: { yes: 1 } }), at('2024-05-01T10:20:00Z'));
    failed.absorb(newer);
    const rows = failed.rows(everything, everything);
    expect(rows.counts.map((r) => [r.featureName, r.yes, r.no])).toEqual([
      ['a', 1, 2],
      ['b', 1, 0],
    ]);
    expect(rows.variants.map((r) => [r.featureName, r.variant, r.count])).toEqual([['a', 'red', 5]]);
    expect(rows.seen[0]).toEqual({
      featureName: 'a',
      environment: 'development',
      firstSeenAt: at('2024-05-01T10:10:00Z'),
      lastSeenAt: at('2024-05-01T10:20:00Z'),
    });
    expect(rows.applications).toEqual([{ appName: 'shop', seenAt: at('2024-05-01T10:10:00Z'), strategies: ['default'] }]);
    expect(failed.size).toBe(3);
  });
});
