import { Injectable, type NestMiddleware } from '@nestjs/common';
import { json } from 'express';
import type { NextFunction, Request, Response } from 'express';
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
    parseJson(req, res, (error?: unknown) => (error ? sendError(res, error) : next()));
  }
}
