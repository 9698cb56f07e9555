import { Injectable, type NestMiddleware } from '@nestjs/common';
import { json } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { invalidProperty } from '../errors/app-error.js';
import { sendError } from '../errors/error-response.js';
import { isJson } from './content-type.guard.js';

export const BODY_LIMIT = '1mb';

const parseJson = json({ limit: BODY_LIMIT, strict: false, type: (req) => isJson(req.headers['content-type']) });

/**
 * Parses JSON bodies of our routes (unless the host already did) and answers a malformed or oversized body with
 * our error body before anything else runs, as the anchor does.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    // Most requests (every GET) have no body: the parser's checks and its callback are skipped, as it would skip them.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    parseJson(req, res, (error?: unknown) => {
      if (error) return sendError(res, error);
      if (nestingDepth(req.body) > MAX_BODY_DEPTH) {
        return sendError(res, invalidProperty('/body', `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`));
      }
      next();
    });
  }
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
