import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { perHandler } from './per-handler.js';
import { unsupportedContentType } from './http.errors.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const ACCEPTS_ANY_CONTENT = 'flagwright:accepts-any-content';

/** For action routes that take no body (`…/on`, `…/off`, logout): no content type is required. */
export const AcceptsNoBody = () => SetMetadata(ACCEPTS_ANY_CONTENT, true);

/**
 * Every POST, PUT and PATCH must say `application/json` (parameters and case ignored). Runs after the
 * authentication and permission guards, so 401 and 403 win over 415.
 */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  private readonly acceptsAnyContent = perHandler(
    (handler, controller) => this.reflector.getAllAndOverride<boolean>(ACCEPTS_ANY_CONTENT, [handler, controller]) === true,
  );

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!BODY_METHODS.has(request.method)) return true;
    if (this.acceptsAnyContent(context)) return true;
    const sent = request.headers['content-type'];
    if (isJson(sent)) return true;
    throw unsupportedContentType(sent);
  }
}

export function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0].trim().toLowerCase() === 'application/json';
}
