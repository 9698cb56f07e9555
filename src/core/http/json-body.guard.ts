import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { json } from 'express';
import type { Request, Response } from 'express';
import { invalidProperty } from '../errors/app-error.js';
import { isJson } from './content-type.guard.js';
import { pointer } from './input-problems.js';

export const BODY_LIMIT = '1mb';

const parseJson = json({ limit: BODY_LIMIT, strict: false, type: (req) => isJson(req.headers['content-type']) });

/**
 * Parses JSON bodies of our routes (unless the host already did) and refuses a malformed, oversized or too deeply
 * nested body, a NUL character in the body, path or query, and a `__proto__` or `constructor` key in the body, before authentication, as the anchor does. A guard rather than a middleware: Express tests every
 * middleware layer's path on every request, and one layer per controller path cost every request (SDK polls
 * included) more than the parsing itself; guards run only for our own routes.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    refuseStrings(request.params, '/params', noNulCharacter);
    refuseStrings(request.query, '/query', noNulCharacter);
    // Most requests (every GET) have no body: the parser's checks are skipped, as it would skip them.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return true;
    return parseBody(request, http.getResponse<Response>());
  }
}

/** What a string of a request (a key or a value) must not be or hold; undefined when it is fine. */
type StringCheck = (text: string, isKey: boolean) => string | undefined;

/**
 * PostgreSQL text cannot hold U+0000 (a lookup or write with one fails there, but not on SQLite), and no name or
 * value of ours has a use for it: refused wherever it is, in a key or a value.
 */
const noNulCharacter: StringCheck = (text) =>
  text.includes('\u0000') ? 'contains a NUL character (\\u0000), which no name or value may hold' : undefined;

/**
 * Nor does any body of ours name a property `__proto__` or `constructor`: copied onto a DTO or a plain object,
 * such keys reach the object's prototype (and broke the validation of nested DTOs with a 500).
 */
const noPrototypeKey: StringCheck = (text, isKey) =>
  isKey && (text === '__proto__' || text === 'constructor')
    ? `is a property name no body may use (\`${text}\` would reach the prototype of the object it is copied to)`
    : noNulCharacter(text, isKey);

/** Refuses `value` (a request part below `base`) when a key or string fails `check`, naming where and why. */
function refuseStrings(value: unknown, base: string, check: StringCheck): void {
  // Every body and query is walked: pointers are built only for one that fails (building every key's costs a tenth
  // of a metrics report).
  if (!failsSomewhere(value, check)) return;
  const found = firstFailure(value, base, check);
  if (found) throw invalidProperty(found.path, `\`${found.path}\` ${found.reason}.`);
}

/** Whether any key or string in `value` fails `check`, walked without recursion. */
function failsSomewhere(value: unknown, check: StringCheck): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (check(current, false)) return true;
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (check(key, true)) return true;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The JSON pointer of the first key or string in `value` that fails `check`, and why. */
function firstFailure(value: unknown, base: string, check: StringCheck): { path: string; reason: string } | undefined {
  const pending: [unknown, string][] = [[value, base]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const reason = check(current, false);
      if (reason) return { path, reason };
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = pointer(path, key);
        const reason = check(key, true);
        if (reason) return { path: childPath, reason };
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** The JSON pointer of the first string (value or key) holding U+0000 in `value`. */
export function nulCharacterPath(value: unknown, base: string): string | undefined {
  return firstFailure(value, base, noNulCharacter)?.path;
}

function parseBody(request: Request, response: Response): Promise<boolean> {
  return new Promise((resolve, reject) =>
    parseJson(request, response, (error?: unknown) => {
      if (error) return reject(error);
      if (nestingDepth(request.body) > MAX_BODY_DEPTH) {
        return reject(invalidProperty('/body', `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`));
      }
      try {
        refuseStrings(request.body, '/body', noPrototypeKey);
      } catch (refusal) {
        return reject(refusal);
      }
      resolve(true);
    }),
  );
}

/** No body of ours nests half as deep; deeper ones would exhaust the stack of recursive validation and copying. */
export const MAX_BODY_DEPTH = 32;

/** How deeply objects and arrays nest in `value`, counted without recursion (stops past MAX_BODY_DEPTH). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}
