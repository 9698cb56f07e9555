/** Passwords people choose: long enough and not of a single kind of character. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
const CLASSES_NEEDED = 3;

export const PASSWORD_RULE =
  `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long and contain at least three of: ` +
  'a lower-case letter, an upper-case letter, a digit, a symbol';

export function isAcceptablePassword(password: unknown): boolean {
  if (typeof password !== 'string') return false;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return false;
  return CLASSES.filter((pattern) => pattern.test(password)).length >= CLASSES_NEEDED;
}
