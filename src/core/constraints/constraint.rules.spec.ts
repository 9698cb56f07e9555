import { DEFAULT_LIMITS } from '../config/flagwright-config.js';
import { Problems } from '../http/input-problems.js';
import { checkConstraints, toConstraints } from './constraint.rules.js';

/** The details the rule reports and, when there are none, the constraints the body becomes. */
function parse(input: unknown, limits = DEFAULT_LIMITS) {
  const problems = new Problems();
  checkConstraints(input, '/body/constraints', problems, { limits });
  const constraints = problems.any ? undefined : toConstraints(input as Record<string, unknown>[] | undefined);
  return { constraints, paths: problems.details.map((d) => d.path), messages: problems.details.map((d) => d.message) };
}

describe('constraint rules', () => {
  it('fills defaults and keeps numbers and booleans as text', () => {
    const { constraints, paths } = parse([
      { contextName: 'userId', operator: 'IN', values: ['a', 1, true] },
      { contextName: 'n', operator: 'NUM_GT', value: 5, caseInsensitive: true },
    ]);
    expect(paths).toEqual([]);
    expect(constraints).toEqual([
      { contextName: 'userId', operator: 'IN', values: ['a', '1', 'true'], caseInsensitive: false, inverted: false },
      { contextName: 'n', operator: 'NUM_GT', values: [], value: '5', caseInsensitive: true, inverted: false },
    ]);
  });

  it('accepts every operator with a fitting value', () => {
    const ok = [
      { operator: 'NOT_IN', values: ['x'] },
      { operator: 'STR_ENDS_WITH', values: ['x'] },
      { operator: 'STR_STARTS_WITH', values: ['x'] },
      { operator: 'STR_CONTAINS', values: ['x'] },
      { operator: 'NUM_EQ', value: '1.5' },
      { operator: 'NUM_GTE', value: '-3' },
      { operator: 'NUM_LT', value: '1e3' },
      { operator: 'NUM_LTE', value: '0' },
      { operator: 'NUM_GT', value: '.5' },
      { operator: 'NUM_GT', value: '+2.' },
      { operator: 'DATE_AFTER', value: '2024-01-01' },
      { operator: 'DATE_BEFORE', value: '2024-01-01T10:00:00.000Z' },
      { operator: 'DATE_AFTER', value: '1700000000000' },
      { operator: 'SEMVER_EQ', value: '1.2.3' },
      { operator: 'SEMVER_GT', value: '1.2.3-beta.1' },
      { operator: 'SEMVER_LT', value: '0.0.1+build.5' },
      { operator: 'SEMVER_GTE', value: '10.20.30' },
      { operator: 'SEMVER_LTE', value: '1.0.0-rc.1' },
      { operator: 'REGEX', value: '^a.*b$', caseInsensitive: true },
      { operator: 'REGEX', value: '(?i)abc' },
      { operator: 'REGEX', value: '^[[:alpha:]]+$' },
      { operator: 'REGEX', value: '(?P<year>\\d{4})-\\p{Greek}' },
      { operator: 'IN_CIDR', values: ['10.0.0.0/8', '192.168.1.5', '2001:db8::/32', '::1', ' 172.16.0.0/12 '] },
    ];
    const { paths, constraints } = parse(ok.map((c) => ({ contextName: 'c', ...c })));
    expect(paths).toEqual([]);
    expect(constraints).toHaveLength(ok.length);
  });

  it('reports every offending property with its pointer', () => {
    const { paths } = parse([
      { contextName: 'a', operator: 'NUM_GT', value: 'abc' },
      { contextName: 'a', operator: 'DATE_AFTER', value: 'notadate' },
      { contextName: 'a', operator: 'SEMVER_EQ', value: 'V1.2.3' },
      { contextName: 'a', operator: 'SEMVER_EQ', value: '1.2' },
      { contextName: 'a', operator: 'REGEX', value: '(' },
      { contextName: 'a', operator: 'REGEX', value: 'a', inverted: true },
      { contextName: 'a', operator: 'IN', values: [] },
      { contextName: 'a', operator: 'IN', value: 'x' },
      { contextName: 'a', operator: 'IN', values: ['', 'x'.repeat(101), null, { a: 1 }] },
      { contextName: 'a', operator: 'NUM_EQ' },
      { contextName: 'a', operator: 'NUM_EQ', value: '', values: ['1'] },
      { contextName: 'a', operator: 'LIKE', values: ['x'] },
      { operator: 'IN', values: ['x'], foo: 1, caseInsensitive: 'yes' },
      'not an object',
    ]);
    expect(paths).toEqual([
      '/body/constraints/0/value',
      '/body/constraints/1/value',
      '/body/constraints/2/value',
      '/body/constraints/3/value',
      '/body/constraints/4/value',
      '/body/constraints/5/inverted',
      '/body/constraints/6/values',
      '/body/constraints/7/values',
      '/body/constraints/8/values/0',
      '/body/constraints/8/values/1',
      '/body/constraints/8/values/2',
      '/body/constraints/8/values/3',
      '/body/constraints/9/value',
      '/body/constraints/10/value',
      '/body/constraints/11/operator',
      '/body/constraints/12/foo',
      '/body/constraints/12/contextName',
      '/body/constraints/12/caseInsensitive',
      '/body/constraints/13',
    ]);
  });

  it('checks REGEX values with RE2, as the SDKs compile them, naming the value property and what RE2 says', () => {
    const { paths, messages } = parse([
      { contextName: 'a', operator: 'REGEX', value: '^(a)\\1$' },
      { contextName: 'a', operator: 'REGEX', value: 'a(?=b)' },
      { contextName: 'a', operator: 'REGEX', value: '(?<!a)b', caseInsensitive: true },
      { contextName: 'a', operator: 'REGEX', value: '(' },
    ]);
    expect(paths).toEqual([
      '/body/constraints/0/value',
      '/body/constraints/1/value',
      '/body/constraints/2/value',
      '/body/constraints/3/value',
    ]);
    expect(messages).toEqual([
      'The `/body/constraints/0/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: invalid escape sequence: `\\1`). You sent "^(a)\\\\1$".',
      'The `/body/constraints/1/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: invalid or unsupported Perl syntax: `(?=`). You sent "a(?=b)".',
      'The `/body/constraints/2/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: invalid named capture: `(?<!a)b`). You sent "(?<!a)b".',
      'The `/body/constraints/3/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: missing closing ): `(`). You sent "(".',
    ]);
  });

  it('needs IN_CIDR values to be addresses or CIDR ranges, naming each offending one', () => {
    const { paths, messages } = parse([
      { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '127.invalid', '10.0.0.0/33', '2001:db8::/129'] },
      { contextName: 'remoteAddress', operator: 'IN_CIDR', values: [] },
      { contextName: 'remoteAddress', operator: 'IN_CIDR', value: '10.0.0.0/8' },
    ]);
    expect(paths).toEqual([
      '/body/constraints/0/values/1',
      '/body/constraints/0/values/2',
      '/body/constraints/0/values/3',
      '/body/constraints/1/values',
      '/body/constraints/2/values',
    ]);
    expect(messages[0]).toBe(
      'The `/body/constraints/0/values/1` property must be an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8 or 2001:db8::/32) for the IN_CIDR operator. You sent "127.invalid".',
    );
  });

  it('refuses anything before the digits of a semantic version, as Unleash does, naming the property', () => {
    const message = (value: string) =>
      `The \`/body/constraints/0/value\` property must be a semantic version such as 1.2.3 or 1.2.3-beta.1, with nothing before its first digit, for the SEMVER_GT operator: the provided value is not a valid semver format. You sent ${JSON.stringify(value)}.`;
    for (const value of ['v1.2.3', 'V1.2.3', '=1.2.3', ' 1.2.3', '1.2.3 ', '2.0']) {
      expect(parse([{ contextName: 'version', operator: 'SEMVER_GT', value }]).messages).toEqual([message(value)]);
    }
    for (const value of ['1.2.3', '1.2.3-beta.1'])
      expect(parse([{ contextName: 'version', operator: 'SEMVER_GT', value }]).messages).toEqual([]);
  });

  it('names the limits in the message', () => {
    const tooMany = parse(
      Array.from({ length: 3 }, () => ({ contextName: 'a', operator: 'IN', values: ['x', 'y'] })),
      { ...DEFAULT_LIMITS, constraintsPerStrategy: 2, valuesPerConstraint: 1 },
    );
    expect(tooMany.paths).toEqual([
      '/body/constraints',
      '/body/constraints/0/values',
      '/body/constraints/1/values',
      '/body/constraints/2/values',
    ]);
    expect(tooMany.messages[0]).toContain('more than 2 constraints');
    expect(tooMany.messages[1]).toContain('more than 1 values');
  });

  it('refuses a list that is not an array', () => {
    expect(parse({}).paths).toEqual(['/body/constraints']);
    expect(parse(undefined).constraints).toEqual([]);
  });

  it.each(['0x1A', '0b11', 'Infinity', '1,5', '1e'])('refuses %s as a number, as SDKs would not read it as one', (value) => {
    expect(parse([{ contextName: 'n', operator: 'NUM_GT', value }]).paths).toEqual(['/body/constraints/0/value']);
  });
});
