import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { API_KIND, type ApiKind } from '../http/api-kind.js';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from './decorators.js';
import { MINTS_TOKENS } from './no-token-minting.guard.js';
import { PEOPLE_ONLY } from './people-only.guard.js';
import { permissionScope } from './permissions.js';

/** One route of the service and what it takes to call it, read from the controllers' decorators. */
export interface RoutePermission {
  method: string;
  path: string;
  api: ApiKind;
  /** Permission names (any one suffices), `['NONE']`, `[]` for a public route, or undefined when none is declared. */
  permissions: string[] | undefined;
  /** Set on the routes about the calling person or service account, which refuse API tokens (`@ForPeopleOnly`). */
  peopleOnly?: true;
  /** Set on the routes that create or extend tokens, which refuse personal access tokens (`@SignedInToMintTokens`). */
  mintsTokens?: true;
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route of the controllers, by path then method, as Nest registers them (route parameters as `{name}`). */
export function routePermissions(controllers: Type<unknown>[]): RoutePermission[] {
  const routes = controllers.flatMap((controller) => {
    const base = firstPath(Reflect.getMetadata(PATH_METADATA, controller));
    const api = (Reflect.getMetadata(API_KIND, controller) as ApiKind | undefined) ?? 'admin';
    return handlersOf(controller).map((handler) => {
      const path = `/${[base, firstPath(Reflect.getMetadata(PATH_METADATA, handler))].filter(Boolean).join('/')}`
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1')
        .replace(/:(\w+)/g, '{$1}');
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const isPublic = metadata<boolean>(PUBLIC_ROUTE, handler, controller);
      const permissions = isPublic ? [] : metadata<string[]>(REQUIRED_PERMISSION, handler, controller);
      const peopleOnly = Reflect.getMetadata(PEOPLE_ONLY, handler) === true;
      const mintsTokens = Reflect.getMetadata(MINTS_TOKENS, handler) === true;
      return { method, path, api, permissions, ...(peopleOnly && { peopleOnly }), ...(mintsTokens && { mintsTokens }) };
    });
  });
  return routes.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

/** The Markdown table `docs/permissions.md` carries between its generated-table markers. */
export function permissionTable(controllers: Type<unknown>[]): string {
  const rows = routePermissions(controllers).map(
    (route) =>
      `| ${route.method} | \`${route.path}\` | ${route.api} | ${describePermissions(route)} | ${describeScope(route.permissions)} |`,
  );
  return ['| Method | Path | API | Permission | Scope |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const TABLE_START = '<!-- permission-table:start (generated from the controllers; do not edit by hand) -->';
export const TABLE_END = '<!-- permission-table:end -->';

/** The comments around one generated part of a document. */
export interface Markers {
  start: string;
  end: string;
}

const PERMISSION_TABLE: Markers = { start: TABLE_START, end: TABLE_END };

/** The generated part of the document, or undefined when the markers are missing. */
export function generatedPart(document: string, markers: Markers = PERMISSION_TABLE): string | undefined {
  const start = document.indexOf(markers.start);
  const end = document.indexOf(markers.end);
  if (start < 0 || end < start) return undefined;
  return document.slice(start + markers.start.length, end).trim();
}

/** The document with its generated part replaced by `table` (appended with its markers when they are missing). */
export function withTable(document: string, table: string, markers: Markers = PERMISSION_TABLE): string {
  const block = `${markers.start}\n${table}\n${markers.end}`;
  const start = document.indexOf(markers.start);
  const end = document.indexOf(markers.end);
  if (start < 0 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return `${document.slice(0, start)}${block}${document.slice(end + markers.end.length)}`;
}

function describePermissions({ permissions, peopleOnly, mintsTokens }: RoutePermission): string {
  if (permissions === undefined) return '**none declared: every call is refused**';
  if (permissions.length === 0) return 'public (no credentials)';
  const notByPat = mintsTokens ? ', and not with a personal access token' : '';
  if (permissions.includes('NONE'))
    return `${peopleOnly ? 'NONE, but not an API token (a user or service account)' : 'NONE (any authenticated caller)'}${notByPat}`;
  return `${permissions.map((permission) => `\`${permission}\``).join(' or ')}${notByPat}`;
}

function describeScope(permissions: string[] | undefined): string {
  const scopes = [...new Set((permissions ?? []).map((permission) => permissionScope(permission)).filter((scope) => scope !== undefined))];
  return scopes.length > 0 ? scopes.join(', ') : '—';
}

/** A controller method; only its decorator metadata is read. */
type Handler = (...args: unknown[]) => unknown;

function handlersOf(controller: Type<unknown>): Handler[] {
  const handlers: Handler[] = [];
  const seen = new Set<string>();
  for (let proto = controller.prototype as object; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = (proto as Record<string, unknown>)[name];
      if (name === 'constructor' || seen.has(name) || typeof value !== 'function') continue;
      seen.add(name);
      if (Reflect.getMetadata(METHOD_METADATA, value) !== undefined) handlers.push(value as Handler);
    }
  }
  return handlers;
}

function metadata<T>(key: string, handler: Handler, controller: Type<unknown>): T | undefined {
  return (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
}

function firstPath(path: unknown): string {
  const value = Array.isArray(path) ? path[0] : path;
  return typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : '';
}
