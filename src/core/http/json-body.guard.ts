import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { json } from 'express';
import type { Request, Response } from 'express';
import { invalidProperty } from '../errors/app-error.js';
import { isJson } from './content-type.guard.js';

export const BODY_LIMIT = '1mb';

const parseJson = json({ limit: BODY_LIMIT, strict: false, type: (req) => isJson(req.headers['content-type']) });

/**
 * Parses JSON bodies of our routes (unless the host already did) and refuses a malformed, oversized or too deeply
 * nested body, and a NUL character in the body, path or query, before authentication, as the anchor does. A guard rather than a middleware: Express tests every
 * middleware layer's path on every request, and one layer per controller path cost every request (SDK polls
 * included) more than the parsing itself; guards run only for our own routes.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    refuseNulCharacters(request.params, '/params');
    refuseNulCharacters(request.query, '/query');
    // Most requests (every GET) have no body: the parser's checks are skipped, as it would skip them.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return true;
    return parseBody(request, http.getResponse<Response>());
  }
}

/**
 * PostgreSQL text cannot hold U+0000 (a lookup or write with one fails there, but not on SQLite), and no name or
 * value of ours has a use for it: refused wherever it is, in a key or a value, naming where.
 */
function refuseNulCharacters(value: unknown, base: string): void {
  // Every body and query is walked: the pointer is built only for one that holds a NUL (building every key's costs
  // a tenth of a metrics report).
  if (!holdsNulCharacter(value)) return;
  const where = nulCharacterPath(value, base);
  if (where !== undefined)
    throw invalidProperty(where, `\`${where}\` contains a NUL character (\\u0000), which no name or value may hold.`);
}

/** Whether any string (value or key) in `value` holds U+0000, walked without recursion. */
function holdsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (key.includes('\u0000')) return true;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The JSON pointer of the first string (value or key) holding U+0000 in `value`, walked without recursion. */
export function nulCharacterPath(value: unknown, base: string): string | undefined {
  const pending: [unknown, string][] = [[value, base]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

function parseBody(request: Request, response: Response): Promise<boolean> {
  return new Promise((resolve, reject) =>
    parseJson(request, response, (error?: unknown) => {
      if (error) return reject(error);
      if (nestingDepth(request.body) > MAX_BODY_DEPTH) {
        return reject(invalidProperty('/body', `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`));
      }
      try {
        refuseNulCharacters(request.body, '/body');
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
