import type { Request, Response } from 'express';
import semver from 'semver';
import { invalidProperty } from '../../core/errors/app-error.js';
import type { ClientShape, ContentEncoding, KeptAnswer } from './sdk-snapshot.js';

/** From this `Unleash-Client-Spec` version on, SDKs take segments apart from the features. */
const SEGMENTS_SPEC = '4.2.0';

/**
 * Shapes of the header values seen: SDKs send a handful of versions, each on every poll, and parsing one as a
 * semantic version costs more than the rest of a 304. Bounded, since the header is the caller's to choose.
 */
const shapesByHeader = new Map<string, ClientShape>();
const MAX_REMEMBERED_HEADERS = 64;

/** The answer's shape for the SDK's `Unleash-Client-Spec` header; a value that is not a version is refused. */
export function clientShapeOf(request: Request): ClientShape {
  const header = request.headers['unleash-client-spec'];
  if (header === undefined) return 'inlined';
  const remembered = typeof header === 'string' ? shapesByHeader.get(header) : undefined;
  if (remembered) return remembered;
  const shape = shapeOf(header);
  if (shapesByHeader.size >= MAX_REMEMBERED_HEADERS) shapesByHeader.clear();
  shapesByHeader.set(header as string, shape);
  return shape;
}

function shapeOf(header: string | string[]): ClientShape {
  const version = typeof header === 'string' ? semver.valid(header.trim()) : null;
  if (!version) {
    throw invalidProperty(
      '/headers/unleash-client-spec',
      `The \`Unleash-Client-Spec\` header must be a semantic version such as 5.2.0; it was ${JSON.stringify(String(header))}.`,
    );
  }
  return semver.gte(version, SEGMENTS_SPEC) ? 'segments' : 'inlined';
}

/**
 * Whether `If-None-Match` names the tag (weak comparison, as RFC 9110 asks for this header): a list, `W/` tags
 * and `*` are understood. `Cache-Control: no-cache` does not matter: the answer is revalidated here every time.
 */
export function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** The tags `If-None-Match` lists, unquoted. */
export function requestedEtags(request: Request): string[] {
  const header = request.headers['if-none-match'];
  if (!header) return [];
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .filter((candidate) => candidate.startsWith('"') && candidate.endsWith('"') && candidate.length >= 2)
    .map((candidate) => candidate.slice(1, -1));
}

/** brotli, then gzip, when `Accept-Encoding` allows them (q > 0); the plain body otherwise. */
export function preferredEncoding(request: Request): ContentEncoding {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  const allowed = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (allowed.get(name) ?? allowed.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** The `ETag` every answer `sendKept` writes carries, as the OpenAPI document declares it on the 200 and the 304. */
export const SDK_ETAG_HEADER = {
  ETag: {
    description: 'The version of this answer: sent back in `If-None-Match`, it is a 304 while unchanged',
    schema: { type: 'string' },
  },
};

/**
 * Writes an answer: 304 when the client has it, else its bytes, in the best encoding the client accepts unless
 * `compress` is off.
 */
export async function sendKept(request: Request, response: Response, answer: KeptAnswer, { compress = true } = {}): Promise<void> {
  response.setHeader('ETag', answer.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(request, answer.etag)) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const encoding = compress ? preferredEncoding(request) : 'identity';
  const body = await answer.encoded(encoding);
  response.status(200);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.end(body);
}
