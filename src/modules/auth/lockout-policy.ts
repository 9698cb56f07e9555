/** How failed logins turn into locks. Pure functions, so the rules can be read and tested on their own. */

const DAY_MS = 24 * 3600_000;

/**
 * The key failures of a name that is no account's are counted under: the login name trimmed, and lower-cased when it is an email (contains
 * `@`), since emails match ignoring case. Unknown names are counted too, so a lock says nothing about whether an
 * account exists.
 */
export function loginNameKey(username: string): string {
  const trimmed = username.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

/**
 * The key a person's failures are counted under, whichever of their login names (username, email) was tried, so
 * that every name of one account shares one count and one lock. It starts with a space, which no trimmed login name
 * does, so no name typed at the login can count against it.
 */
export function accountLockKey(personId: number): string {
  return ` account ${personId}`;
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
