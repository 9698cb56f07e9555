import { Problems } from '../../core/http/input-problems.js';
import { checkVariants, toStrategyVariants } from './variant.parser.js';

/** The details the check reports and, when there are none, the variants the body becomes. */
function parse(input: unknown) {
  const problems = new Problems();
  checkVariants(input, '/body/variants', problems);
  const variants = problems.any ? [] : toStrategyVariants(input as Record<string, unknown>[] | undefined);
  return { variants, paths: problems.details.map((d) => d.path), messages: problems.details.map((d) => d.message) };
}

const variable = (name: string, extra: object = {}) => ({ name, weight: 0, weightType: 'variable', stickiness: 'default', ...extra });

describe('strategy variants', () => {
  it('gives a single variable variant all 1000', () => {
    expect(parse([variable('a', { weight: 5 })]).variants).toEqual([
      { name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' },
    ]);
  });

  it('splits evenly, gives the remainder to the first variable variants in request order, then sorts by name', () => {
    const { variants } = parse([variable('c'), variable('a'), variable('b')]);
    expect(variants.map((v) => [v.name, v.weight])).toEqual([
      ['a', 333],
      ['b', 333],
      ['c', 334],
    ]);
  });

  it('keeps fix weights and splits the rest', () => {
    const { variants } = parse([{ name: 'z', weight: 300, weightType: 'fix', stickiness: 'default' }, variable('y'), variable('x')]);
    expect(variants.map((v) => [v.name, v.weight])).toEqual([
      ['x', 350],
      ['y', 350],
      ['z', 300],
    ]);
  });

  it('spreads a remainder of several points one by one', () => {
    const { variants } = parse([
      { name: 'f', weight: 1, weightType: 'fix', stickiness: 's' },
      variable('v3'),
      variable('v1'),
      variable('v2'),
    ]);
    expect(variants.map((v) => v.weight)).toEqual([1, 333, 333, 333]);
    const six = parse(['e', 'd', 'c', 'b', 'a', 'f'].map((n) => variable(n))).variants;
    expect(six.map((v) => [v.name, v.weight])).toEqual([
      ['a', 166],
      ['b', 167],
      ['c', 167],
      ['d', 167],
      ['e', 167],
      ['f', 166],
    ]);
  });

  it('keeps payloads', () => {
    const { variants } = parse([variable('a', { payload: { type: 'json', value: '{"x":1}' } })]);
    expect(variants[0].payload).toEqual({ type: 'json', value: '{"x":1}' });
  });

  it('reports every offending property', () => {
    const { paths } = parse([
      { name: 'a b', weight: 1001, weightType: 'heavy', stickiness: 5, overrides: [] },
      { weight: 1.5 },
      variable('ok', { payload: { type: 'xml', value: 1, extra: true } }),
      variable('j', { payload: { type: 'json', value: '{bad' } }),
      variable('ok'),
    ]);
    expect(paths).toEqual([
      '/body/variants/0/overrides',
      '/body/variants/0/name',
      '/body/variants/0/weight',
      '/body/variants/0/weightType',
      '/body/variants/0/stickiness',
      '/body/variants/1/name',
      '/body/variants/1/weight',
      '/body/variants/1/weightType',
      '/body/variants/1/stickiness',
      '/body/variants/2/payload/extra',
      '/body/variants/2/payload/type',
      '/body/variants/2/payload/value',
      '/body/variants/3/payload/value',
      '/body/variants/4/name',
    ]);
  });

  it('needs a variable variant and fix weights of at most 1000', () => {
    const fixOnly = parse([{ name: 'a', weight: 100, weightType: 'fix', stickiness: 'default' }]);
    expect(fixOnly.paths).toEqual(['/body/variants']);
    expect(fixOnly.messages[0]).toContain('at least one "variable" variant');
    const over = parse([
      { name: 'a', weight: 600, weightType: 'fix', stickiness: 'd' },
      { name: 'b', weight: 500, weightType: 'fix', stickiness: 'd' },
      variable('c'),
    ]);
    expect(over.paths).toEqual(['/body/variants']);
    expect(over.messages[0]).toContain('more than 1000');
  });

  it('accepts an empty list and refuses a non-array', () => {
    expect(parse([]).variants).toEqual([]);
    expect(parse({}).paths).toEqual(['/body/variants']);
  });
});
