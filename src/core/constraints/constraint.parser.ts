import { Address4, Address6 } from 'ip-address';
import { RE2JS } from 're2js';
import semver from 'semver';
import { isPlainObject, pointer, type Problems, scalarText } from '../http/input-problems.js';
import { CONSTRAINT_OPERATORS, type Constraint, type ConstraintOperator } from './constraint.js';

export interface ConstraintLimits {
  constraints: number;
  valuesPerConstraint: number;
}

const OPERATORS = new Set<string>(CONSTRAINT_OPERATORS);
const KEYS = new Set(['contextName', 'operator', 'caseInsensitive', 'inverted', 'values', 'value']);
const MAX_VALUE_LENGTH = 100;

/** `cidr` is a list of addresses and ranges; the other list operators take any text. */
type Kind = 'list' | 'cidr' | 'number' | 'date' | 'semver' | 'regex';

export function operatorKind(operator: ConstraintOperator): Kind {
  if (operator.startsWith('NUM_')) return 'number';
  if (operator.startsWith('DATE_')) return 'date';
  if (operator.startsWith('SEMVER_')) return 'semver';
  if (operator === 'REGEX') return 'regex';
  if (operator === 'IN_CIDR') return 'cidr';
  return 'list';
}

const takesList = (kind: Kind | undefined) => kind === 'list' || kind === 'cidr';

/**
 * Parses a list of constraints (of a strategy or a segment), reporting every offending property under `path`.
 * Numbers and booleans given as values are kept as their text; `caseInsensitive`/`inverted` default to false and
 * `values` to [].
 */
export function parseConstraints(input: unknown, path: string, limits: ConstraintLimits, problems: Problems): Constraint[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) {
    problems.invalid(path, 'must be array', input);
    return [];
  }
  if (input.length > limits.constraints) {
    problems.overLimit(path, limits.constraints, 'constraints', input.length);
  }
  return input.flatMap((item, index) => {
    const constraint = parseConstraint(item, pointer(path, index), limits, problems);
    return constraint ? [constraint] : [];
  });
}

function parseConstraint(input: unknown, path: string, limits: ConstraintLimits, problems: Problems): Constraint | undefined {
  if (!isPlainObject(input)) {
    problems.invalid(path, 'must be object', input);
    return undefined;
  }
  problems.onlyKnown(input, KEYS, path);
  const before = problems.details.length;

  const contextName = input.contextName;
  if (contextName === undefined) problems.required(`${path}/contextName`);
  else if (typeof contextName !== 'string' || contextName.trim() === '')
    problems.invalid(`${path}/contextName`, 'must be a non-empty string', contextName);

  const operator = input.operator;
  const known = typeof operator === 'string' && OPERATORS.has(operator);
  if (operator === undefined) problems.required(`${path}/operator`);
  else if (!known) problems.invalid(`${path}/operator`, `must be one of the allowed values: ${CONSTRAINT_OPERATORS.join(', ')}`, operator);

  const kind = known ? operatorKind(operator as ConstraintOperator) : undefined;
  const caseInsensitive = flag(input.caseInsensitive, `${path}/caseInsensitive`, problems);
  const inverted = flag(input.inverted, `${path}/inverted`, problems);
  const values = parseValues(input.values, `${path}/values`, limits, problems, kind === 'cidr' ? checkAddress : undefined);
  const value = parseValue(input.value, `${path}/value`, problems);

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

  if (problems.details.length > before) return undefined;
  const constraint: Constraint = {
    contextName: contextName as string,
    operator: operator as ConstraintOperator,
    values: values ?? [],
    caseInsensitive: caseInsensitive ?? false,
    inverted: inverted ?? false,
  };
  if (value !== undefined) constraint.value = value;
  return constraint;
}

function flag(input: unknown, path: string, problems: Problems): boolean | undefined {
  if (input === undefined || typeof input === 'boolean') return input;
  problems.invalid(path, 'must be boolean', input);
  return undefined;
}

type ValueCheck = (value: string, path: string, sent: unknown, problems: Problems) => void;

/**
 * `values`: a list of non-empty strings of at most 100 characters (numbers and booleans become text), each also
 * passing the operator's own check if it has one.
 */
function parseValues(input: unknown, path: string, limits: ConstraintLimits, problems: Problems, check?: ValueCheck): string[] | undefined {
  if (input === undefined) return [];
  if (!Array.isArray(input)) {
    problems.invalid(path, 'must be array', input);
    return undefined;
  }
  if (input.length > limits.valuesPerConstraint) {
    problems.overLimit(path, limits.valuesPerConstraint, 'values', input.length);
  }
  const values: string[] = [];
  input.forEach((item, index) => {
    const text = scalarText(item);
    const itemPath = pointer(path, index);
    if (text === undefined) problems.invalid(itemPath, 'must be a string', item);
    else if (text.trim() === '') problems.invalid(itemPath, 'must not be empty', item);
    else if (text.length > MAX_VALUE_LENGTH) problems.invalid(itemPath, `must be at most ${MAX_VALUE_LENGTH} characters long`, item);
    else {
      check?.(text, itemPath, item, problems);
      values.push(text);
    }
  });
  return values;
}

/** `value`: a string (numbers and booleans become text); '' means "given but empty". */
function parseValue(input: unknown, path: string, problems: Problems): string | undefined {
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
  } else if (kind === 'semver' && semver.valid(value) === null) {
    // What Unleash checks (semver's strict parse, which allows a leading "v"); the SDKs compare with the same library.
    problems.invalid(path, `must be a valid semantic version (such as 1.2.3, v1.2.3 or 1.2.3-beta.1) for the ${operator} operator`, sent);
  } else if (kind === 'regex') {
    const problem = re2Problem(value, caseInsensitive);
    if (problem) problems.invalid(path, `must be a regular expression in RE2 syntax, which the SDKs use (${problem})`, sent);
  }
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
