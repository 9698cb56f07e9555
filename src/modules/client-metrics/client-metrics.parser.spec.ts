import { AppError } from '../../core/errors/app-error.js';
import { parseClientMetrics } from './client-metrics.parser.js';

const details = (body: unknown) => {
  try {
    parseClientMetrics(body);
  } catch (error) {
    return (error as AppError).details?.map((d) => d.path);
  }
  return [];
};

describe('parseClientMetrics', () => {
  it('reads an SDK report, defaulting the instance id and missing counts', () => {
    const metrics = parseClientMetrics({
      appName: 'shop',
      bucket: { start: '2024-05-01T10:00:00.000Z', stop: '2024-05-01T10:01:00+02:00', toggles: { a: { yes: 3, variants: { red: 3 } }, b: { no: 1 } } },
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
    expect(details({ appName: 1, environment: 2, bucket: { start: 'x', stop: '2024-05-01', toggles: { 'a/b~c': { yes: '1' } } } })).toEqual([
      '/body/appName',
      '/body/environment',
      '/body/bucket/start',
      '/body/bucket/stop',
      '/body/bucket/toggles/a~1b~0c/yes',
    ]);
    expect(details(null)).toEqual(['/body']);
    expect(details({ appName: 'x', bucket: { start: '2024-05-01T10:00:00Z', stop: '2024-05-01T10:00:00Z', toggles: [] } })).toEqual(['/body/bucket/toggles']);
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
