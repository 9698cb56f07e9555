import { murmurHash3, normalizedValue, VARIANT_SEED } from './murmurhash3.js';

// Expected values were computed with the `murmurhash3js` package (x86.hash32), which Unleash's Node SDK uses.
describe('murmurHash3 (x86, 32 bit)', () => {
  it.each([
    ['', 0, 0],
    ['a', 0, 1009084850],
    ['abcd', 0, 1139631978],
    ['abcde', 0, 3902511862],
    ['hello', 0, 613153351],
    ['gr1:123', 0, 538421172],
    ['Feature.A:user-42', 0, 2157805343],
    ['', VARIANT_SEED, 4002661964],
    ['abcde', VARIANT_SEED, 1101984857],
    ['Feature.A:user-42', VARIANT_SEED, 2120982226],
    ['hello', 42, 3806057185],
  ])('hashes %j with seed %i to %i', (key, seed, expected) => {
    expect(murmurHash3(key, seed)).toBe(expected);
  });

  it('hashes the UTF-8 bytes of non-ASCII keys (murmurhash3js given those bytes as a byte string)', () => {
    expect(murmurHash3('é')).toBe(269551495); // murmurhash3js x86.hash32('\u00c3\u00a9')
    expect(murmurHash3('grp:bjørn')).toBe(1395043874);
  });
});

describe('normalizedValue', () => {
  it("gives the Unleash client specification's values", () => {
    expect(normalizedValue('123', 'gr1')).toBe(73);
    expect(normalizedValue('999', 'groupX')).toBe(25);
  });

  it('stays within 1..normalizer and spreads users evenly', () => {
    let inFirstHalf = 0;
    for (let i = 0; i < 10_000; i++) {
      const value = normalizedValue(`user-${i}`, 'half');
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(100);
      if (value <= 50) inFirstHalf++;
    }
    expect(inFirstHalf).toBe(4940);
  });

  it('uses the variant seed and normalizer when given', () => {
    expect(normalizedValue('u1', 'g', 1000, VARIANT_SEED)).toBe(163);
  });
});
