import { compareSemver } from './semver.js';

describe('compareSemver', () => {
  it.each([
    ['1.2.3', '1.2.3', 0],
    ['1.2.4', '1.2.3', 1],
    ['1.10.0', '1.9.9', 1],
    ['2.0.0', '10.0.0', -1],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-rc.1', '1.0.0-beta.11', 1],
    ['1.0.0+build.5', '1.0.0+build.7', 0],
  ])('orders %s against %s as %i', (a, b, sign) => {
    expect(Math.sign(compareSemver(a, b)!)).toBe(sign);
    expect(Math.sign(compareSemver(b, a)!)).toBe(-sign || 0);
  });

  it.each(['1.2', 'v1.2.3', '01.2.3', '1.2.3-', 'abc', ''])('answers undefined for %j, which is not strict semver', (text) => {
    expect(compareSemver(text, '1.0.0')).toBeUndefined();
    expect(compareSemver('1.0.0', text)).toBeUndefined();
  });
});
