import jsonPatch from 'fast-json-patch';
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
export function checkPatch(body: unknown, root: string, problems: Problems): void {
  if (!Array.isArray(body)) return problems.invalid(root, 'must be array (a JSON Patch document)', body);
  body.forEach((item, index) => {
    const path = pointer(root, index);
    if (!isPlainObject(item)) return problems.invalid(path, 'must be object', item);
    const op = item.op;
    if (op === undefined) problems.required(`${path}/op`);
    else if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
      problems.invalid(`${path}/op`, `must be one of the allowed values: ${OPS.join(', ')}`, op);
    checkPointer(item.path, `${path}/path`, problems);
    if ((op === 'add' || op === 'replace' || op === 'test') && !('value' in item)) problems.required(`${path}/value`);
    if (op === 'move' || op === 'copy') checkPointer(item.from, `${path}/from`, problems);
  });
}

/** The operations of a patch that passed `checkPatch`, without the members they do not define. */
export function toPatchOperations(items: readonly object[]): PatchOperation[] {
  return (items as Record<string, unknown>[]).map((item): PatchOperation => {
    const op = item.op as PatchOperation['op'];
    const path = item.path as string;
    if (op === 'remove') return { op, path };
    if (op === 'move' || op === 'copy') return { op, path, from: item.from as string };
    return { op, path, value: item.value };
  });
}

function checkPointer(value: unknown, path: string, problems: Problems): void {
  if (value === undefined) problems.required(path);
  else if (typeof value !== 'string' || (value !== '' && !value.startsWith('/')))
    problems.invalid(path, 'must be a JSON pointer ("" or starting with "/")', value);
  else if (PROTOTYPE_POINTER.test(value)) problems.invalid(path, 'must not point at `__proto__` or `constructor/prototype`', value);
}

/** Pointers fast-json-patch refuses (prototype pollution); refused here first, as a 400 naming the property. */
const PROTOTYPE_POINTER = /(^|\/)(__proto__|constructor\/prototype)(\/|$)/;

/**
 * Applies the operations in order to a copy of `document` (with fast-json-patch, validating each operation against
 * the document as it is at that point) and answers the result; the original is untouched, so a failing operation
 * leaves nothing half-applied. `root` is the pointer of the patch document in the request.
 */
export function applyPatch(document: unknown, operations: PatchOperation[], root = '/body'): unknown {
  let doc = jsonPatch.deepClone(document);
  operations.forEach((operation, index) => {
    const at = pointer(root, index);
    refuseImpossible(operation, doc, at);
    try {
      doc = jsonPatch.applyOperation(doc, jsonPatch.deepClone(operation), true, true, true, index).newDocument;
    } catch (error) {
      throw error instanceof jsonPatch.JsonPatchError ? failureOf(error, operation, doc, at) : error;
    }
  });
  return doc;
}

/** What RFC 6902 forbids but the library does not check on its own, with this service's messages. */
function refuseImpossible(operation: PatchOperation, doc: unknown, at: string): void {
  for (const field of ['path', 'from'] as const) {
    const location = (operation as { path: string; from?: string })[field];
    if (location !== undefined && hasLeadingZeroIndex(doc, location)) {
      throw missing(`${at}/${field}`, location);
    }
  }
  if (operation.op === 'move' && operation.path.startsWith(`${operation.from}/`)) {
    throw new PatchFailure(
      `${at}/from`,
      `The \`${at}/from\` location ${JSON.stringify(operation.from)} cannot be moved into one of its own children.`,
    );
  }
  // Moving "" is moving it into its own children, refused above.
  if (operation.op === 'remove' && operation.path === '') {
    throw new PatchFailure(`${at}/path`, `The \`${at}/path\` location "" (the whole strategy) cannot be removed.`);
  }
}

function failureOf(
  error: InstanceType<typeof jsonPatch.JsonPatchError>,
  operation: PatchOperation,
  doc: unknown,
  at: string,
): PatchFailure {
  if (error.name === 'TEST_OPERATION_FAILED') {
    const actual = jsonPatch.getValueByPointer(doc, operation.path);
    return new PatchFailure(
      `${at}/value`,
      `The test operation at \`${at}\` failed: the value at ${JSON.stringify(operation.path)} is ${JSON.stringify(actual)}, not ${JSON.stringify((operation as { value: unknown }).value)}.`,
    );
  }
  const field = error.name === 'OPERATION_FROM_UNRESOLVABLE' ? 'from' : 'path';
  return missing(`${at}/${field}`, field === 'from' ? (operation as { from: string }).from : operation.path);
}

function missing(at: string, location: string): PatchFailure {
  return new PatchFailure(at, `The \`${at}\` location ${JSON.stringify(unescaped(location))} does not exist in the strategy.`);
}

/** RFC 6901 forbids leading zeros in array indexes, which fast-json-patch reads as numbers ("01" as 1). */
function hasLeadingZeroIndex(doc: unknown, location: string): boolean {
  let current = doc;
  for (const token of location.slice(1).split('/').map(jsonPatch.unescapePathComponent)) {
    if (Array.isArray(current) && /^0\d/.test(token)) return true;
    current = isPlainObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[token] : undefined;
  }
  return false;
}

/** A pointer as the messages show it: its tokens unescaped (`/a~1b` reads "/a/b"). */
function unescaped(location: string): string {
  return `/${location.slice(1).split('/').map(jsonPatch.unescapePathComponent).join('/')}`;
}
