import { Address4, Address6 } from 'ip-address';
import { RE2JS } from 're2js';
import semver from 'semver';
import { isPlainObject, pointer, type Problems, scalarText } from '../http/input-problems.js';
import { Details, type ValidationContext } from '../http/rule.decorator.js';
import { CONSTRAINT_OPERATORS, type Constraint, type ConstraintOperator } from './constraint.js';

const OPERATORS = new Set<string>(CONSTRAINT_OPERATORS);
const KEYS = new Set(['contextName', 'operator', 'caseInsensitive', 'inverted', 'values', 'value']);
const MAX_VALUE_LENGTH = 100;

/** `cidr` is a list of addresses and ranges; the other list operators take any text. */
type Kind = 'list' | 'cidr' | 'number' | 'date' | 'semver' | 'regex';

function operatorKind(operator: ConstraintOperator): Kind {
  if (operator.startsWith('NUM_')) return 'number';
  if (operator.startsWith('DATE_')) return 'date';
  if (operator.startsWith('SEMVER_')) return 'semver';
  if (operator === 'REGEX') return 'regex';
  if (operator === 'IN_CIDR') return 'cidr';
  return 'list';
}

const takesList = (kind: Kind | undefined) => kind === 'list' || kind === 'cidr';

/**
 * The `constraints` of a strategy or segment body: absent, or a list of at most the configured number of
 * constraints, each checked against its operator. Every offending property gets its own detail
 * (`/body/constraints/8/values/1`). Values may be numbers or booleans (kept as text by `toConstraints`).
 */
export const ValidConstraints = (): PropertyDecorator => Details('constraints', checkConstraints);

/** A list of constraints that passed `ValidConstraints`, with their defaults and their values as text. */
export function toConstraints(input: readonly object[] | undefined): Constraint[] {
  return ((input ?? []) as Record<string, unknown>[]).map((item) => {
    const constraint: Constraint = {
      contextName: item.contextName as string,
      operator: item.operator as ConstraintOperator,
      values: ((item.values as unknown[] | undefined) ?? []).map((value) => scalarText(value)!),
      caseInsensitive: (item.caseInsensitive as boolean | undefined) ?? false,
      inverted: (item.inverted as boolean | undefined) ?? false,
    };
    if (item.value !== undefined) constraint.value = scalarText(item.value);
    return constraint;
  });
}

export function checkConstraints(input: unknown, path: string, problems: Problems, { limits }: ValidationContext): void {
  if (input === undefined) return;
  if (!Array.isArray(input)) return problems.invalid(path, 'must be array', input);
  if (input.length > limits.constraintsPerStrategy) {
    problems.overLimit(path, limits.constraintsPerStrategy, 'constraints', input.length);
  }
  input.forEach((item, index) => checkConstraint(item, pointer(path, index), limits.valuesPerConstraint, problems));
}

/** One constraint (a list item, or the whole body of `POST /api/admin/constraints/validate`). */
export function checkConstraint(input: unknown, path: string, maxValues: number, problems: Problems): void {
  if (!isPlainObject(input)) return problems.invalid(path, 'must be object', input);
  problems.onlyKnown(input, KEYS, path);
  const contextName = input.contextName;
  if (contextName === undefined) problems.required(`${path}/contextName`);
  else if (typeof contextName !== 'string' || contextName.trim() === '')
    problems.invalid(`${path}/contextName`, 'must be a non-empty string', contextName);
  const operator = input.operator;
  const known = typeof operator === 'string' && OPERATORS.has(operator);
  if (operator === undefined) problems.required(`${path}/operator`);
  else if (!known) problems.invalid(`${path}/operator`, `must be one of the allowed values: ${CONSTRAINT_OPERATORS.join(', ')}`, operator);
  const kind = known ? operatorKind(operator as ConstraintOperator) : undefined;
  const caseInsensitive = checkFlag(input.caseInsensitive, `${path}/caseInsensitive`, problems);
  const inverted = checkFlag(input.inverted, `${path}/inverted`, problems);
  checkValues(input.values, `${path}/values`, maxValues, problems, kind === 'cidr' ? checkAddress : undefined);
  const value = checkValue(input.value, `${path}/value`, problems);
  if (takesList(kind) && (input.values === undefined || (Array.isArray(input.values) && input.values.length === 0))) {
    problems.invalid(`${path}/values`, `must be a non-empty list of values: the ${operator} operator takes several values`, input.values);
  }
  if (kind && !takesList(kind) && (input.value === undefined || value === '')) {
    problems.invalid(`${path}/value`, `must be a non-empty string: the ${operator} operator takes a single value`, input.value);
  } else if (value === '') {
    problems.invalid(`${path}/value`, 'must not be empty', input.value);
  } else if (kind && !takesList(kind) && value !== undefined) {
    checkSingleValue(kind, operator as ConstraintOperator, value, `${path}/value`, input.value, caseInsensitive === true, problems);
  }
  if (kind === 'regex' && inverted === true)
    problems.invalid(`${path}/inverted`, 'must not be true: the REGEX operator cannot be inverted', true);
}

/** The flag when it is absent or a boolean; otherwise reported. */
function checkFlag(input: unknown, path: string, problems: Problems): boolean | undefined {
  if (input === undefined || typeof input === 'boolean') return input;
  problems.invalid(path, 'must be boolean', input);
  return undefined;
}

type ValueCheck = (value: string, path: string, sent: unknown, problems: Problems) => void;

/**
 * `values`: a list of non-empty strings of at most 100 characters (numbers and booleans count as their text), each
 * also passing the operator's own check if it has one.
 */
function checkValues(input: unknown, path: string, maxValues: number, problems: Problems, check?: ValueCheck): void {
  if (input === undefined) return;
  if (!Array.isArray(input)) return problems.invalid(path, 'must be array', input);
  if (input.length > maxValues) problems.overLimit(path, maxValues, 'values', input.length);
  input.forEach((item, index) => {
    const text = scalarText(item);
    const itemPath = pointer(path, index);
    if (text === undefined) problems.invalid(itemPath, 'must be a string', item);
    else if (text.trim() === '') problems.invalid(itemPath, 'must not be empty', item);
    else if (text.length > MAX_VALUE_LENGTH) problems.invalid(itemPath, `must be at most ${MAX_VALUE_LENGTH} characters long`, item);
    else check?.(text, itemPath, item, problems);
  });
}

/** `value` as text (numbers and booleans count as theirs); '' means "given but empty"; undefined when absent or reported. */
function checkValue(input: unknown, path: string, problems: Problems): string | undefined {
  if (input === undefined) return undefined;
  const text = scalarText(input);
  if (text === undefined) {
    problems.invalid(path, 'must be a string', input);
    return undefined;
  }
  return text.trim() === '' ? '' : text;
}

/** A number as SDKs parse one: decimal, optionally signed, with an exponent (no hex, binary or "Infinity"). */
const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i;

function checkSingleValue(
  kind: Kind,
  operator: ConstraintOperator,
  value: string,
  path: string,
  sent: unknown,
  caseInsensitive: boolean,
  problems: Problems,
): void {
  if (kind === 'number' && !(DECIMAL.test(value) && Number.isFinite(Number(value)))) {
    problems.invalid(path, `must be a number for the ${operator} operator`, sent);
  } else if (kind === 'date' && !isDate(value)) {
    problems.invalid(path, `must be a valid date (such as 2024-01-31 or 2024-01-31T12:00:00Z) for the ${operator} operator`, sent);
  } else if (kind === 'semver' && !isStrictSemver(value)) {
    problems.invalid(
      path,
      `must be a semantic version such as 1.2.3 or 1.2.3-beta.1, with nothing before its first digit, for the ${operator} operator: the provided value is not a valid semver format`,
      sent,
    );
  } else if (kind === 'regex') {
    const problem = re2Problem(value, caseInsensitive);
    if (problem) problems.invalid(path, `must be a regular expression in RE2 syntax, which the SDKs use (${problem})`, sent);
  }
}

/**
 * A semantic version as Unleash accepts one: semver's strict parse, but without what that parse forgives before the
 * digits (`v1.2.3`, `V1.2.3`, `=1.2.3`, ` 1.2.3` are refused by Unleash 8, measured) or around them.
 */
function isStrictSemver(value: string): boolean {
  return /^\d/.test(value) && value === value.trim() && semver.valid(value) !== null;
}

/** Why RE2 (as the Node SDK compiles it, with the same flags) refuses the pattern, or undefined when it accepts it. */
function re2Problem(pattern: string, caseInsensitive: boolean): string | undefined {
  try {
    RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** An IN_CIDR value: an IPv4 or IPv6 address or CIDR range, as the Node SDK reads it (trimmed, with `ip-address`). */
function checkAddress(value: string, path: string, sent: unknown, problems: Problems): void {
  const text = value.trim();
  if (!Address4.isValid(text) && !Address6.isValid(text)) {
    problems.invalid(
      path,
      'must be an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8 or 2001:db8::/32) for the IN_CIDR operator',
      sent,
    );
  }
}

/** What Joi accepts as a date, as the anchor does: a date text `new Date` understands, or epoch milliseconds. */
function isDate(value: string): boolean {
  const text = value.trim();
  return /^-?\d+$/.test(text) ? Number.isSafeInteger(Number(text)) : !Number.isNaN(Date.parse(text));
}
