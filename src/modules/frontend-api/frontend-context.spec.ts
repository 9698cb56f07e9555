import { Problems } from '../../core/http/input-problems.js';
import { checkBodyContext, contextFromBody, contextFromQuery } from './frontend-context.js';

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

describe('the context of a POST body', () => {
  it('names every value that is not a string, nulls counting as absent', () => {
    const problems = new Problems();
    checkBodyContext({ userId: 7, sessionId: null, 'a/b': true, properties: { tier: 1, region: 'eu' } }, '/body/context', problems);
    expect(problems.details).toEqual([
      { path: '/body/context/userId', message: 'The `/body/context/userId` property must be a string.' },
      { path: '/body/context/a~1b', message: 'The `/body/context/a~1b` property must be a string.' },
      { path: '/body/context/properties/tier', message: 'The `/body/context/properties/tier` property must be a string.' },
    ]);
  });

  it('reads a valid context as the query is read, with its properties and the environment it asks for', () => {
    expect(
      contextFromBody({ userId: 'u1', sessionId: null, plan: 'pro', environment: 'production', properties: { tier: 'gold' } }, '10.0.0.1'),
    ).toEqual({
      context: { userId: 'u1', remoteAddress: '10.0.0.1', properties: { plan: 'pro', tier: 'gold' } },
      environment: 'production',
    });
    expect(contextFromBody(null, undefined)).toEqual({ context: { properties: {} } });
  });
});
