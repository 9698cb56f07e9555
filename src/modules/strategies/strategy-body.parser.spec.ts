import { parseStrategyBody } from './strategy-body.parser.js';

const LIMITS = { constraintsPerStrategy: 30, valuesPerConstraint: 250, segmentsPerStrategy: 5 };

describe('parseStrategyBody', () => {
  it('ignores unknown top-level properties and tells "omitted" from null', () => {
    const { changes, problems } = parseStrategyBody({ id: 'x', featureName: 'f', foo: 1, title: null, disabled: null }, 'update', LIMITS);
    expect(problems.details).toEqual([]);
    expect(changes).toEqual({ title: null, constraints: [], parameters: {}, variants: [] });
  });

  it('reads every property of the update', () => {
    const { changes, problems } = parseStrategyBody(
      { name: 'default', sortOrder: 3, title: 'T', disabled: true, parameters: { a: 'x', b: 2, c: false }, segments: [3, 1] },
      'update',
      LIMITS,
    );
    expect(problems.details).toEqual([]);
    expect(changes).toEqual({ name: 'default', sortOrder: 3, title: 'T', disabled: true, parameters: { a: 'x', b: '2', c: 'false' }, segments: [3, 1], constraints: [], variants: [] });
  });

  it('reports every offending property', () => {
    const { problems } = parseStrategyBody(
      { name: 5, sortOrder: 1.5, title: 7, disabled: 'yes', parameters: { a: null, b: { c: 1 }, d: [1] }, segments: [1, 1, 'x', 0] },
      'update',
      LIMITS,
    );
    expect(problems.details.map((d) => d.path)).toEqual([
      '/body/parameters/a',
      '/body/parameters/b',
      '/body/parameters/d',
      '/body/name',
      '/body/title',
      '/body/disabled',
      '/body/sortOrder',
      '/body/segments/1',
      '/body/segments/2',
      '/body/segments/3',
    ]);
  });

  it('refuses parameters that are not an object, and a body that is not an object', () => {
    expect(parseStrategyBody({ parameters: ['a'] }, 'update', LIMITS).problems.details.map((d) => d.path)).toEqual(['/body/parameters']);
    const notObject = parseStrategyBody([], 'update', LIMITS).problems.details;
    expect(notObject).toEqual([{ path: '/body', message: 'The `/body` property must be object. You sent [].' }]);
  });

  it('needs a name on create and applies the segment limit', () => {
    const { problems } = parseStrategyBody({ segments: [1, 2, 3] }, 'create', { ...LIMITS, segmentsPerStrategy: 2 });
    expect(problems.details.map((d) => d.path)).toEqual(['/body/name', '/body/segments']);
    expect(problems.details[1].message).toContain('more than 2 segments');
  });
});
