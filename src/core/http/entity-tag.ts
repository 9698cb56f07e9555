import { createHash } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiErrors } from './openapi.js';
import { changedSinceRead } from './http.errors.js';

/** A strong entity tag (RFC 9110) for content: 27 characters of its SHA-256, quoted. */
export function strongEtag(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/**
 * Optimistic concurrency: a write whose `If-Match` names none of the resource's current tag is refused with 412,
 * so a person who edited what they read does not overwrite a change made since. Without the header, the write goes
 * ahead. `*` matches any current state; comparison is strong, so a weak tag (`W/"…"`) never matches (RFC 9110 13.1.1).
 */
export function requireIfMatch(ifMatch: string | undefined, currentTag: () => string, what: string): void {
  // Most writes send no If-Match: the current tag (a serialisation and a hash) is computed only for those that do.
  if (ifMatch === undefined) return;
  const current = currentTag();
  const candidates = ifMatch.split(',').map((candidate) => candidate.trim());
  if (candidates.some((candidate) => candidate === '*' || candidate === current)) return;
  throw changedSinceRead(ifMatch, what, current);
}

/** The `ETag` response header, as the OpenAPI document declares it on reads and writes of a versioned resource. */
export const ETAG_HEADER = {
  ETag: { description: 'The version of what was read or written, for `If-Match` on the next change', schema: { type: 'string' } },
};

/** Declares a write's optional `If-Match` header and its 412. */
export function ApiIfMatch(what: string) {
  return applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: `The \`ETag\` of the ${what} as you read it: the change is refused (412) if the ${what} has changed since. Without it, the change is made whatever changed.`,
    }),
    ApiErrors(412),
  );
}
