import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { API_KIND, type ApiKind } from '../http/api-kind.js';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from './decorators.js';
import { permissionScope } from './permissions.js';

/** One route of the service and what it takes to call it, read from the controllers' decorators. */
export interface RoutePermission {
  method: string;
  path: string;
  api: ApiKind;
  /** Permission names (any one suffices), `['NONE']`, `[]` for a public route, or undefined when none is declared. */
  permissions: string[] | undefined;
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
      return { method, path, api, permissions };
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
      `| ${route.method} | \`${route.path}\` | ${route.api} | ${describePermissions(route.permissions)} | ${describeScope(route.permissions)} |`,
  );
  return ['| Method | Path | API | Permission | Scope |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const TABLE_START = '<!-- permission-table:start (generated from the controllers; do not edit by hand) -->';
export const TABLE_END = '<!-- permission-table:end -->';

/** The generated part of the document, or undefined when the markers are missing. */
export function generatedPart(document: string): string | undefined {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) return undefined;
  return document.slice(start + TABLE_START.length, end).trim();
}

/** The document with its generated part replaced by `table` (appended with its markers when they are missing). */
export function withTable(document: string, table: string): string {
  const block = `${TABLE_START}\n${table}\n${TABLE_END}`;
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return `${document.slice(0, start)}${block}${document.slice(end + TABLE_END.length)}`;
}

function describePermissions(permissions: string[] | undefined): string {
  if (permissions === undefined) return '**none declared: every call is refused**';
  if (permissions.length === 0) return 'public (no credentials)';
  if (permissions.includes('NONE')) return 'NONE (any authenticated caller)';
  return permissions.map((permission) => `\`${permission}\``).join(' or ');
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
