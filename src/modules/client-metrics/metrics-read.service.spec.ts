import { hourlySeries, lastHourUsage } from './metrics-read.service.js';
import { isFrontendSdk, isOutdatedSdk } from './outdated-sdks.js';

const at = (iso: string) => new Date(iso);

describe('hourlySeries', () => {
  it('fills every environment × application × hour of the window, with the variants served, oldest hour first', () => {
    const series = hourlySeries(
      'f',
      at('2024-05-01T08:00:00Z'),
      2,
      [
        { appName: 'web', environment: 'production', hourStart: at('2024-05-01T09:00:00Z'), yes: 4, no: 1 },
        { appName: 'api', environment: 'development', hourStart: at('2024-05-01T08:00:00Z'), yes: 1, no: 0 },
      ],
      [{ appName: 'web', environment: 'production', hourStart: at('2024-05-01T09:00:00Z'), variant: 'blue', count: 4 }],
    );
    const row = (environment: string, appName: string, timestamp: string, yes: number, no: number, variants = {}) => ({
      featureName: 'f',
      appName,
      environment,
      timestamp,
      yes,
      no,
      variants,
    });
    expect(series).toEqual([
      row('development', 'api', '2024-05-01T08:00:00.000Z', 1, 0),
      row('production', 'web', '2024-05-01T08:00:00.000Z', 0, 0),
      row('development', 'api', '2024-05-01T09:00:00.000Z', 0, 0),
      row('production', 'web', '2024-05-01T09:00:00.000Z', 4, 1, { blue: 4 }),
    ]);
  });

  it('is empty for a feature nobody reported', () => {
    expect(hourlySeries('f', at('2024-05-01T08:00:00Z'), 24, [], [])).toEqual([]);
  });
});

describe('lastHourUsage', () => {
  it('sums applications and hours per environment, stamped with the earliest hour', () => {
    expect(
      lastHourUsage([
        { appName: 'a', environment: 'production', hourStart: at('2024-05-01T09:00:00Z'), yes: 1, no: 2 },
        { appName: 'b', environment: 'production', hourStart: at('2024-05-01T08:00:00Z'), yes: 3, no: 0 },
        { appName: 'a', environment: 'development', hourStart: at('2024-05-01T09:00:00Z'), yes: 0, no: 5 },
      ]),
    ).toEqual([
      { environment: 'development', timestamp: '2024-05-01T09:00:00.000Z', yes: 0, no: 5 },
      { environment: 'production', timestamp: '2024-05-01T08:00:00.000Z', yes: 4, no: 2 },
    ]);
  });
});

describe('SDK versions', () => {
  it('calls a version older than the SDK’s oldest current one outdated; unknown SDKs and malformed versions are not', () => {
    expect(isOutdatedSdk('unleash-client-node:5.3.1')).toBe(true);
    expect(isOutdatedSdk('unleash-client-node:5.3.2')).toBe(false);
    expect(isOutdatedSdk('unleash-java-sdk:11.0.1')).toBe(true);
    expect(isOutdatedSdk('my-sdk:0.0.1')).toBe(false);
    expect(isOutdatedSdk('unleash-client-node:latest')).toBe(false);
    expect(isOutdatedSdk(null)).toBe(false);
  });

  it('tells frontend SDKs from backend ones by name', () => {
    expect(isFrontendSdk('unleash-client-js:3.4.0')).toBe(true);
    expect(isFrontendSdk('unleash-client-node:6.0.0')).toBe(false);
  });
});
