import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { json } from 'express';
import type { Request, Response } from 'express';
import { invalidProperty } from '../errors/app-error.js';
import { isJson } from './content-type.guard.js';

export const BODY_LIMIT = '1mb';

const parseJson = json({ limit: BODY_LIMIT, strict: false, type: (req) => isJson(req.headers['content-type']) });

/**
 * Parses JSON bodies of our routes (unless the host already did) and refuses a malformed, oversized or too deeply
 * nested body before authentication, as the anchor does. A guard rather than a middleware: Express tests every
 * middleware layer's path on every request, and one layer per controller path cost every request (SDK polls
 * included) more than the parsing itself; guards run only for our own routes.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // Most requests (every GET) have no body: the parser's checks are skipped, as it would skip them.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return true;
    return parseBody(request, http.getResponse<Response>());
  }
}

function parseBody(request: Request, response: Response): Promise<boolean> {
  return new Promise((resolve, reject) =>
    parseJson(request, response, (error?: unknown) => {
      if (error) return reject(error);
      if (nestingDepth(request.body) > MAX_BODY_DEPTH) {
        return reject(invalidProperty('/body', `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`));
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
