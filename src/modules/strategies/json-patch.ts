import { isDeepStrictEqual } from 'node:util';
import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';

/** One operation of an RFC 6902 JSON Patch document. */
export type PatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; path: string; from: string };

const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;

/** Why an operation could not be applied: the pointer (`/body/2/path`) and a message naming it. */
export class PatchFailure extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks the shape of a patch document: an array of operations, each with a known `op`, a JSON pointer `path`,
 * `value` for add/replace/test and `from` for move/copy. Members an operation does not define are ignored, as
 * RFC 6902 requires.
 */
export function parsePatch(body: unknown, root: string, problems: Problems): PatchOperation[] {
  if (!Array.isArray(body)) {
    problems.invalid(root, 'must be array (a JSON Patch document)', body);
    return [];
  }
  return body.flatMap((item, index): PatchOperation[] => {
    const path = pointer(root, index);
    if (!isPlainObject(item)) {
      problems.invalid(path, 'must be object', item);
      return [];
    }
    const before = problems.details.length;
    const op = item.op;
    if (op === undefined) problems.required(`${path}/op`);
    else if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
      problems.invalid(`${path}/op`, `must be one of the allowed values: ${OPS.join(', ')}`, op);
    checkPointer(item.path, `${path}/path`, problems);
    if ((op === 'add' || op === 'replace' || op === 'test') && !('value' in item)) problems.required(`${path}/value`);
    if (op === 'move' || op === 'copy') checkPointer(item.from, `${path}/from`, problems);
    if (problems.details.length > before) return [];
    if (op === 'remove') return [{ op, path: item.path as string }];
    if (op === 'move' || op === 'copy') return [{ op, path: item.path as string, from: item.from as string }];
    return [{ op: op as 'add' | 'replace' | 'test', path: item.path as string, value: item.value }];
  });
}

function checkPointer(value: unknown, path: string, problems: Problems): void {
  if (value === undefined) problems.required(path);
  else if (typeof value !== 'string' || (value !== '' && !value.startsWith('/')))
    problems.invalid(path, 'must be a JSON pointer ("" or starting with "/")', value);
}

/**
 * Applies the operations in order to a copy of `document` and answers the result; the original is untouched, so a
 * failing operation leaves nothing half-applied. `root` is the pointer of the patch document in the request.
 */
export function applyPatch(document: unknown, operations: PatchOperation[], root = '/body'): unknown {
  let doc = structuredClone(document);
  operations.forEach((operation, index) => {
    const at = pointer(root, index);
    switch (operation.op) {
      case 'add':
        doc = add(doc, parsePointer(operation.path), structuredClone(operation.value), `${at}/path`);
        break;
      case 'remove':
        doc = remove(doc, parsePointer(operation.path), `${at}/path`).doc;
        break;
      case 'replace': {
        const tokens = parsePointer(operation.path);
        read(doc, tokens, `${at}/path`);
        doc =
          tokens.length === 0
            ? structuredClone(operation.value)
            : add(remove(doc, tokens, `${at}/path`).doc, tokens, structuredClone(operation.value), `${at}/path`);
        break;
      }
      case 'move': {
        if (operation.path.startsWith(`${operation.from}/`)) {
          throw new PatchFailure(
            `${at}/from`,
            `The \`${at}/from\` location ${JSON.stringify(operation.from)} cannot be moved into one of its own children.`,
          );
        }
        if (operation.path === operation.from) break;
        const removed = remove(doc, parsePointer(operation.from), `${at}/from`);
        doc = add(removed.doc, parsePointer(operation.path), removed.value, `${at}/path`);
        break;
      }
      case 'copy':
        doc = add(doc, parsePointer(operation.path), structuredClone(read(doc, parsePointer(operation.from), `${at}/from`)), `${at}/path`);
        break;
      case 'test': {
        const actual = read(doc, parsePointer(operation.path), `${at}/path`);
        if (!isDeepStrictEqual(actual, operation.value)) {
          throw new PatchFailure(
            `${at}/value`,
            `The test operation at \`${at}\` failed: the value at ${JSON.stringify(operation.path)} is ${JSON.stringify(actual)}, not ${JSON.stringify(operation.value)}.`,
          );
        }
        break;
      }
    }
  });
  return doc;
}

function parsePointer(text: string): string[] {
  return text === ''
    ? []
    : text
        .slice(1)
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(array: unknown[], token: string, allowEnd: boolean): number | undefined {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
  const index = Number(token);
  return index < array.length || (allowEnd && index === array.length) ? index : undefined;
}

function missing(at: string, tokens: string[]): PatchFailure {
  return new PatchFailure(at, `The \`${at}\` location ${JSON.stringify(`/${tokens.join('/')}`)} does not exist in the strategy.`);
}

function read(doc: unknown, tokens: string[], at: string): unknown {
  let current = doc;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      const index = arrayIndex(current, token, false);
      if (index === undefined) throw missing(at, tokens);
      current = current[index];
    } else if (isContainer(current) && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      throw missing(at, tokens);
    }
  }
  return current;
}

function add(doc: unknown, tokens: string[], value: unknown, at: string): unknown {
  if (tokens.length === 0) return value;
  const parent = read(doc, tokens.slice(0, -1), at);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, last, true);
    if (index === undefined) throw missing(at, tokens);
    parent.splice(index, 0, value);
  } else if (isContainer(parent)) {
    // defineProperty, not assignment: a key such as "__proto__" stays a plain property.
    Object.defineProperty(parent, last, { value, writable: true, enumerable: true, configurable: true });
  } else {
    throw missing(at, tokens);
  }
  return doc;
}

function remove(doc: unknown, tokens: string[], at: string): { doc: unknown; value: unknown } {
  if (tokens.length === 0) throw new PatchFailure(at, `The \`${at}\` location "" (the whole strategy) cannot be removed.`);
  const value = read(doc, tokens, at);
  const parent = read(doc, tokens.slice(0, -1), at) as Container;
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return { doc, value };
}
