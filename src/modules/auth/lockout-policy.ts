/** How failed logins turn into locks. Pure functions, so the rules can be read and tested on their own. */

const DAY_MS = 24 * 3600_000;

/**
 * The name failures are counted under: the login name trimmed, and lower-cased when it is an email (contains
 * `@`), since emails match ignoring case. Unknown names are counted too, so a lock says nothing about whether an
 * account exists.
 */
export function loginNameKey(username: string): string {
  const trimmed = username.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

/**
 * How long the `lockNumber`-th lock of a name lasts (1 for the first): the configured minutes, doubling with every
 * further lock, at most a day (or the configured minutes, when those are longer).
 */
export function lockDurationMs(lockNumber: number, lockoutMinutes: number): number {
  const base = lockoutMinutes * 60_000;
  return Math.min(base * 2 ** Math.max(0, lockNumber - 1), Math.max(base, DAY_MS));
}

/** "15 minutes", "1 minute": the time left, rounded up to whole minutes. */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
