import { applyPatch, checkPatch, PatchFailure, type PatchOperation } from './json-patch.js';
import { Problems } from '../../core/http/input-problems.js';

const doc = () => ({ a: 1, list: ['x', 'y'], nested: { 'k/e~y': true } });

function failure(operations: PatchOperation[]): PatchFailure {
  try {
    applyPatch(doc(), operations);
  } catch (error) {
    return error as PatchFailure;
  }
  throw new Error('expected the patch to fail');
}

describe('JSON Patch', () => {
  it('applies add, remove, replace, move, copy and test (RFC 6902)', () => {
    const original = doc();
    const result = applyPatch(original, [
      { op: 'test', path: '/a', value: 1 },
      { op: 'add', path: '/list/-', value: 'z' },
      { op: 'add', path: '/list/0', value: 'w' },
      { op: 'remove', path: '/list/1' },
      { op: 'replace', path: '/a', value: { b: 2 } },
      { op: 'copy', from: '/a', path: '/copy' },
      { op: 'move', from: '/nested/k~1e~0y', path: '/moved' },
      { op: 'add', path: '/a/c', value: 3 },
    ]);
    expect(result).toEqual({ a: { b: 2, c: 3 }, list: ['w', 'y', 'z'], nested: {}, copy: { b: 2 }, moved: true });
    expect(original).toEqual(doc());
  });

  it('fails, naming the operation, on missing targets, bad indexes and failed tests', () => {
    expect(failure([{ op: 'remove', path: '/nested/k~1e~0y/deeper' }]).message).toBe(
      'The `/body/0/path` location "/nested/k/e~y/deeper" does not exist in the strategy.',
    );
    expect(
      failure([
        { op: 'add', path: '/a', value: 2 },
        { op: 'test', path: '/a', value: 1 },
      ]).message,
    ).toBe('The test operation at `/body/1` failed: the value at "/a" is 2, not 1.');
    expect(failure([{ op: 'remove', path: '/missing' }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'replace', path: '/list/2', value: 1 }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'add', path: '/list/01', value: 1 }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'add', path: '/nope/x', value: 1 }]).path).toBe('/body/0/path');
    expect(
      failure([
        { op: 'add', path: '/a', value: 2 },
        { op: 'test', path: '/a', value: 1 },
      ]).path,
    ).toBe('/body/1/value');
    expect(failure([{ op: 'move', from: '/nested', path: '/nested/x' }]).path).toBe('/body/0/from');
    expect(failure([{ op: 'copy', from: '/nothing', path: '/x' }]).path).toBe('/body/0/from');
    expect(failure([{ op: 'remove', path: '' }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'remove', path: '/list/2' }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'add', path: '/list/3', value: 1 }]).path).toBe('/body/0/path');
    expect(failure([{ op: 'add', path: '/a/c', value: 1 }]).path).toBe('/body/0/path');
  });

  it('refuses pointers at "__proto__" or "constructor/prototype" before anything is applied', () => {
    const problems = new Problems();
    checkPatch(
      [
        { op: 'add', path: '/__proto__', value: { polluted: true } },
        { op: 'copy', from: '/a', path: '/x/constructor/prototype' },
      ],
      '/body',
      problems,
    );
    expect(problems.details.map((d) => d.path)).toEqual(['/body/0/path', '/body/1/path']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('checks the shape of the document', () => {
    const problems = new Problems();
    checkPatch([{ op: 'jump', path: '/a' }, { op: 'add', path: 'a' }, { op: 'move', path: '/a' }, 5], '/body', problems);
    expect(problems.details.map((d) => d.path)).toEqual(['/body/0/op', '/body/1/path', '/body/1/value', '/body/2/from', '/body/3']);
    const notArray = new Problems();
    checkPatch({ op: 'add' }, '/body', notArray);
    expect(notArray.details.map((d) => d.path)).toEqual(['/body']);
  });
});
