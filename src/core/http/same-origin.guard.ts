import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { crossSiteWrite } from './http.errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write a browser sends from another site is refused unless it carries its own credential in the `authorization`
 * header: otherwise the browser would add the session cookie (or a host's own cookie) to it, and a page elsewhere, a
 * sibling subdomain among them, could turn flags on in production, revive or unlock with the user's rights.
 * Browsers say where a request comes from (`Sec-Fetch-Site`, and `Origin` in older ones); a request without either
 * is not a browser's, and has no cookie a browser added. API tokens and personal access tokens are unaffected.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return true;
    if (isFromAnotherOrigin(request)) throw crossSiteWrite();
    return true;
  }
}

export function isFromAnotherOrigin(request: Request): boolean {
  const site = request.headers['sec-fetch-site'];
  // `none`: the user typed the address or used a bookmark.
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  const hosts = [request.headers.host, request.headers['x-forwarded-host']].flatMap((host) => (host ? String(host).split(',') : []));
  try {
    const originHost = new URL(origin).host.toLowerCase();
    return !hosts.some((host) => host.trim().toLowerCase() === originHost);
  } catch {
    return true;
  }
}
