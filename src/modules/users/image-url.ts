import { createHash } from 'node:crypto';

/**
 * The avatar link Unleash shows for an account: Gravatar, keyed by the SHA-256 of the email, else the username,
 * else the id, lower-cased and trimmed. Gravatar answers a generated "retro" picture for unknown keys.
 */
export function imageUrlFor(account: { id: number; email?: string | null; username?: string | null }): string {
  const key = String(account.email || account.username || account.id)
    .trim()
    .toLowerCase();
  return `https://gravatar.com/avatar/${createHash('sha256').update(key, 'utf8').digest('hex')}?s=42&d=retro&r=g`;
}
