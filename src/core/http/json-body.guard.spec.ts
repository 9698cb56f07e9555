import { MAX_BODY_DEPTH, nestingDepth, nulCharacterPath } from './json-body.guard.js';

describe('nestingDepth', () => {
  it('counts nested objects and arrays, not scalars', () => {
    expect(nestingDepth('text')).toBe(0);
    expect(nestingDepth(null)).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: [1, { b: [] }], c: 2 })).toBe(4);
  });

  it('stops counting past the limit, without recursion, however deep the value', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nestingDepth(deep)).toBe(MAX_BODY_DEPTH + 1);
  });
});

describe('nulCharacterPath', () => {
  it('points at the first value or key holding U+0000, and at nothing without one', () => {
    expect(nulCharacterPath({ a: ['x', 'y\u0000'] }, '/body')).toBe('/body/a/1');
    expect(nulCharacterPath({ 'a/b': { ['k\u0000']: 1 } }, '/body')).toBe('/body/a~1b/k\u0000');
    expect(nulCharacterPath('\u0000', '/params')).toBe('/params');
    expect(nulCharacterPath({ a: [1, null, 'fine', { b: true }] }, '/body')).toBeUndefined();
  });
});
