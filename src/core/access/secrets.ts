import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Only this digest of a token secret is stored; lookups hash the presented secret and compare digests. One-shot
 * `hash` (a third of createHash's cost): every authenticated request computes one.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** 32 random bytes, hex encoded: the random part of every token and session id. */
export function randomSecret(): string {
  return randomBytes(32).toString('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
