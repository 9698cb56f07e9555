import { DEFAULT_LIMITS } from '../../core/config/flagwright-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { BulkMetricsSchema, ClientMetricsSchema } from './client-metrics.dto.js';
import { toBulkMetrics, toClientMetrics } from './client-metrics.rules.js';

/** A body as the pipe validates it for the route, then as the controller hands it to the service. */
const parseClientMetrics = (body: unknown) =>
  toClientMetrics(validatedInput(ClientMetricsSchema, body, '/body', { limits: DEFAULT_LIMITS }));
const parseBulkMetrics = (body: unknown) => toBulkMetrics(validatedInput(BulkMetricsSchema, body, '/body', { limits: DEFAULT_LIMITS }));

const details = (body: unknown) => {
  try {
    parseClientMetrics(body);
  } catch (error) {
    return (error as AppError).details?.map((d) => d.path);
  }
  return [];
};

describe('client metrics rules', () => {
  it('reads an SDK report, defaulting the instance id and missing counts', () => {
    const metrics = parseClientMetrics({
      appName: 'shop',
      bucket: {
        start: '2024-05-01T10:00:00.000Z',
        stop: '2024-05-01T10:01:00+02:00',
        toggles: { a: { yes: 3, variants: { red: 3 } }, b: { no: 1 } },
      },
    });
    expect(metrics).toEqual({
      appName: 'shop',
      instanceId: 'default',
      environment: undefined,
      bucket: {
        start: new Date('2024-05-01T10:00:00.000Z'),
        stop: new Date('2024-05-01T08:01:00.000Z'),
        toggles: new Map([
          ['a', { yes: 3, no: 0, variants: { red: 3 } }],
          ['b', { yes: 0, no: 1, variants: {} }],
        ]),
      },
    });
  });

  it('reports every offending property with its pointer, escaping feature names', () => {
    expect(details({ appName: 1, environment: 2, bucket: { start: 'x', stop: '2024-05-01', toggles: { 'a/b~c': { yes: '1' } } } })).toEqual(
      ['/body/appName', '/body/environment', '/body/bucket/start', '/body/bucket/stop', '/body/bucket/toggles/a~1b~0c/yes'],
    );
    expect(details(null)).toEqual(['/body']);
    expect(details({ appName: 'x', bucket: { start: '2024-05-01T10:00:00Z', stop: '2024-05-01T10:00:00Z', toggles: [] } })).toEqual([
      '/body/bucket/toggles',
    ]);
  });

  it('refuses fractional, negative and huge counts', () => {
    const toggles = { a: { yes: 0.5 }, b: { no: -1 }, c: { yes: Number.MAX_SAFE_INTEGER + 2 } };
    expect(details({ appName: 'x', bucket: { start: '2024-05-01T10:00:00Z', stop: '2024-05-01T10:00:00Z', toggles } })).toEqual([
      '/body/bucket/toggles/a/yes',
      '/body/bucket/toggles/b/no',
      '/body/bucket/toggles/c/yes',
    ]);
  });
});

const bulkDetails = (body: unknown) => {
  try {
    parseBulkMetrics(body);
  } catch (error) {
    return (error as AppError).details?.map((d) => [d.path, d.message]);
  }
  return [];
};

describe('bulk metrics rules', () => {
  it("reads Edge's batch, defaulting missing counts and ignoring what it does not use", () => {
    const bulk = parseBulkMetrics({
      applications: [
        {
          appName: 'shop',
          environment: 'production',
          instanceId: 'i-1',
          sdkVersion: 'unleash-client-java:9.0.0',
          strategies: ['default'],
          connectVia: [{ appName: 'edge', instanceId: 'e' }],
          sdkType: 'backend',
        },
      ],
      metrics: [
        { featureName: 'a', appName: 'shop', environment: 'production', timestamp: '2024-05-01T10:00:00Z', yes: 2, variants: { red: 2 } },
      ],
      impactMetrics: [],
    });
    expect(bulk).toEqual({
      applications: [
        { appName: 'shop', environment: 'production', instanceId: 'i-1', sdkVersion: 'unleash-client-java:9.0.0', strategies: ['default'] },
      ],
      metrics: [
        {
          featureName: 'a',
          appName: 'shop',
          environment: 'production',
          timestamp: new Date('2024-05-01T10:00:00Z'),
          counts: { yes: 2, no: 0, variants: { red: 2 } },
        },
      ],
    });
  });

  it('reports every offending property with its pointer', () => {
    expect(
      bulkDetails({
        metrics: [{ featureName: 'a', appName: 'x', environment: 'production', timestamp: 'today', no: -1 }, 'x'],
        applications: [{ appName: 'x', strategies: 'default' }],
      }),
    ).toEqual([
      [
        '/body/applications/0/environment',
        'The `/body/applications/0/environment` property is required. It was not present on the data you sent.',
      ],
      [
        '/body/applications/0/instanceId',
        'The `/body/applications/0/instanceId` property is required. It was not present on the data you sent.',
      ],
      [
        '/body/applications/0/strategies',
        'The `/body/applications/0/strategies` property must be an array of strings. You sent "default".',
      ],
      ['/body/metrics/0/timestamp', 'The `/body/metrics/0/timestamp` property must match format "date-time". You sent "today".'],
      ['/body/metrics/0/no', 'The `/body/metrics/0/no` property must be a whole number of 0 or more. You sent -1.'],
      ['/body/metrics/1', 'The `/body/metrics/1` property must be object. You sent "x".'],
    ]);
    expect(bulkDetails({ applications: {} })).toEqual([
      ['/body/applications', 'The `/body/applications` property must be array. You sent {}.'],
      ['/body/metrics', 'The `/body/metrics` property is required. It was not present on the data you sent.'],
    ]);
  });
});
