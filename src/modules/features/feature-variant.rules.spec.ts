import { Problems } from '../../core/http/input-problems.js';
import { checkFeatureVariants, toFeatureVariants } from './feature-variant.rules.js';

/** The details the check reports and, when there are none, the variants the body becomes. */
function parse(input: unknown) {
  const problems = new Problems();
  checkFeatureVariants(input, '/body', problems);
  const variants = problems.any ? [] : toFeatureVariants(input as object[]);
  return { variants, details: problems.details };
}

describe('feature variant rules', () => {
  it('defaults weightType and stickiness, splits the weight left by fix variants and sorts by name', () => {
    const { variants, details } = parse([
      { name: 'z', weight: 300, weightType: 'fix' },
      { name: 'y', weight: 1 },
      { name: 'x', weight: 999, stickiness: 'userId' },
    ]);
    expect(details).toEqual([]);
    expect(variants).toEqual([
      { name: 'x', weight: 350, weightType: 'variable', stickiness: 'userId' },
      { name: 'y', weight: 350, weightType: 'variable', stickiness: 'default' },
      { name: 'z', weight: 300, weightType: 'fix', stickiness: 'default' },
    ]);
  });

  it('gives the remainder to the first variable variants in request order', () => {
    const { variants } = parse([
      { name: 'c', weight: 0 },
      { name: 'a', weight: 0 },
      { name: 'b', weight: 0 },
    ]);
    expect(variants.map((v) => [v.name, v.weight])).toEqual([
      ['a', 333],
      ['b', 333],
      ['c', 334],
    ]);
  });

  it('keeps payloads and overrides', () => {
    const { variants } = parse([
      { name: 'a', weight: 0, payload: { type: 'string', value: 'v' }, overrides: [{ contextName: 'userId', values: ['1'] }] },
    ]);
    expect(variants).toEqual([
      {
        name: 'a',
        weight: 1000,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'v' },
        overrides: [{ contextName: 'userId', values: ['1'] }],
      },
    ]);
  });

  it('accepts an empty list', () => {
    expect(parse([])).toEqual({ variants: [], details: [] });
  });

  it('reports every offending property with its pointer', () => {
    const { variants, details } = parse([
      { name: 'a b', weight: 2.5, weightType: 'heavy', stickiness: '', extra: true },
      { weight: -1, payload: { type: 'xml', value: 1 }, overrides: [{ values: 'x' }] },
      'nope',
    ]);
    expect(variants).toEqual([]);
    expect(details.map((d) => d.path)).toEqual([
      '/body/0/extra',
      '/body/0/name',
      '/body/0/weight',
      '/body/0/weightType',
      '/body/0/stickiness',
      '/body/1/name',
      '/body/1/weight',
      '/body/1/payload/type',
      '/body/1/payload/value',
      '/body/1/overrides/0/contextName',
      '/body/1/overrides/0/values',
      '/body/2',
    ]);
    expect(details[2].message).toBe('The `/body/0/weight` property must be integer. You sent 2.5.');
  });

  it('refuses duplicate names, lists without a variable variant, fix weights over 1000 and invalid json payloads', () => {
    expect(
      parse([
        { name: 'a', weight: 1 },
        { name: 'a', weight: 1 },
      ]).details,
    ).toEqual([
      {
        path: '/body/1/name',
        message: 'The `/body/1/name` property must be unique within the list: variant 0 has the same name. You sent "a".',
      },
    ]);
    expect(parse([{ name: 'a', weight: 1, weightType: 'fix' }]).details[0].message).toContain('at least one "variable" variant');
    expect(
      parse([
        { name: 'a', weight: 600, weightType: 'fix' },
        { name: 'b', weight: 500, weightType: 'fix' },
        { name: 'c', weight: 0 },
      ]).details[0].message,
    ).toContain('they total 1100');
    expect(parse([{ name: 'a', weight: 0, payload: { type: 'json', value: '{' } }]).details.map((d) => d.path)).toEqual([
      '/body/0/payload/value',
    ]);
    expect(parse({ name: 'a' }).details).toEqual([
      { path: '/body', message: 'The `/body` property must be array. You sent {"name":"a"}.' },
    ]);
  });
});
