import { contextFromQuery } from './frontend-context.js';

describe('contextFromQuery', () => {
  it('reads the standard fields and custom properties in every form', () => {
    const context = contextFromQuery(
      {
        userId: 'u1',
        sessionId: 's1',
        appName: 'web',
        currentTime: '2030-01-01T00:00:00Z',
        'properties[tier]': 'gold',
        properties: { region: 'eu' },
        plan: 'pro',
        environment: 'production',
      },
      '10.0.0.1',
    );
    expect(context).toEqual({
      userId: 'u1',
      sessionId: 's1',
      appName: 'web',
      currentTime: '2030-01-01T00:00:00Z',
      remoteAddress: '10.0.0.1',
      properties: { tier: 'gold', region: 'eu', plan: 'pro' },
    });
  });

  it('prefers the remoteAddress parameter over the caller address', () => {
    expect(contextFromQuery({ remoteAddress: '192.168.0.1' }, '10.0.0.1').remoteAddress).toBe('192.168.0.1');
    expect(contextFromQuery({}, undefined)).toEqual({ properties: {} });
  });

  it('ignores repeated parameters and empty standard fields', () => {
    expect(contextFromQuery({ userId: ['a', 'b'], sessionId: '', tag: ['x', 'y'] }, undefined)).toEqual({ properties: {} });
  });
});
