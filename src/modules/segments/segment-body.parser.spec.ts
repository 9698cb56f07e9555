import { parseSegmentBody } from './segment-body.parser.js';

const LIMITS = { constraintsPerStrategy: 30, valuesPerConstraint: 250 };

describe('parseSegmentBody', () => {
  it('reads name, description, project and constraints (trimmed name, constraint defaults)', () => {
    const { input, problems } = parseSegmentBody(
      { name: ' beta ', description: 'd', project: 'p1', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] },
      LIMITS,
    );
    expect(problems.details).toEqual([]);
    expect(input).toEqual({
      name: 'beta',
      description: 'd',
      project: 'p1',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'], caseInsensitive: false, inverted: false }],
    });
  });

  it('treats null description and project as none', () => {
    expect(parseSegmentBody({ name: 'x', description: null, project: null, constraints: [] }, LIMITS).input).toEqual({
      name: 'x',
      description: null,
      project: null,
      constraints: [],
    });
  });

  it('reports every offending property, unknown ones included', () => {
    const { problems } = parseSegmentBody(
      { name: '  ', description: 1, project: [], constraints: [{ contextName: 'a', operator: 'IN' }], id: 3 },
      LIMITS,
    );
    expect(problems.details.map((d) => d.path)).toEqual([
      '/body/id',
      '/body/name',
      '/body/description',
      '/body/project',
      '/body/constraints/0/values',
    ]);
    expect(parseSegmentBody({}, LIMITS).problems.details.map((d) => d.path)).toEqual(['/body/name', '/body/constraints']);
    expect(parseSegmentBody('x', LIMITS).problems.details.map((d) => d.path)).toEqual(['/body']);
  });
});
