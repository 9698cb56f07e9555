import type { ErrorDetail } from '../errors/app-error.js';

/**
 * Collects the offending places of a value, each with its JSON pointer, worded like the validation pipe words its
 * own details so all 400s read alike: what `@Details` rules report into, and what services use for the checks that
 * need the database. Checks keep going after a problem, so one answer lists them all.
 */
export class Problems {
  readonly details: ErrorDetail[] = [];

  get any(): boolean {
    return this.details.length > 0;
  }

  add(path: string, message: string): void {
    this.details.push({ path, message });
  }

  required(path: string): void {
    this.add(path, `The \`${path}\` property is required. It was not present on the data you sent.`);
  }

  /** `reason` completes "The `path` property …", e.g. "must be a string". */
  invalid(path: string, reason: string, value: unknown): void {
    this.add(path, `The \`${path}\` property ${reason}. You sent ${describe(value)}.`);
  }

  /** A list longer than a configured limit; the message names the limit. */
  overLimit(path: string, limit: number, noun: string, count: number): void {
    this.add(
      path,
      `The \`${path}\` property must not have more than ${limit} ${noun} (the configured limit is ${limit}). You sent ${count}.`,
    );
  }

  unknownProperty(parent: string, path: string): void {
    this.add(
      path,
      `The \`${parent}\` object of the request does not allow additional properties. Your request included the \`${path}\` property.`,
    );
  }

  /** Reports every key of `object` not in `allowed`. */
  onlyKnown(object: Record<string, unknown>, allowed: ReadonlySet<string>, path: string): void {
    for (const key of Object.keys(object)) if (!allowed.has(key)) this.unknownProperty(path, pointer(path, key));
  }
}

/** The JSON of a value as an error message quotes it, cut short when long. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Extends a JSON pointer by one key, escaping `~` and `/` as RFC 6901 requires. */
export function pointer(parent: string, key: string | number): string {
  const token = String(key);
  // Most keys need no escaping: the check is cheaper than the two replacements (a metrics report names 50 flags).
  if (!token.includes('~') && !token.includes('/')) return `${parent}/${token}`;
  return `${parent}/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strings as they are; numbers and booleans as their text (as Unleash stores them); anything else undefined. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Whole numbers a 32-bit INTEGER column holds. */
/** The rule isInt32 checks, as a 400 states it. */
export const INT32_RULE = 'must be a whole number from -2147483648 to 2147483647';

export function isInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}
