import { ValidConstraints, toConstraints } from '../../core/constraints/constraint.rules.js';
import type { Constraint } from '../../core/constraints/constraint.js';
import { INT32_RULE, isInt32, isPlainObject, pointer, type Problems, scalarText } from '../../core/http/input-problems.js';
import { Details, Rule, type ValidationContext } from '../../core/http/rule.decorator.js';
import type { StrategyType, StrategyVariant } from './strategy.model.js';
import type { StrategyParameterType } from './strategy-type.model.js';
import { checkVariants, toStrategyVariants } from './variant.parser.js';

/**
 * A strategy write as the request asks for it. `undefined` means "keep what is stored" (name, title, disabled,
 * sortOrder, segments); `title: null` clears the title. Constraints, variants and parameters always replace.
 */
export interface StrategyChanges {
  name?: string;
  title?: string | null;
  disabled?: boolean;
  sortOrder?: number;
  constraints: Constraint[];
  parameters: Record<string, string>;
  variants: StrategyVariant[];
  segments?: number[];
}

/** A strategy body that passed `StrategyBodyRules` (numbers and booleans still as sent where text is stored). */
export interface StrategyBody {
  name?: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  constraints?: object[];
  parameters?: Record<string, unknown>;
  variants?: object[];
  segments?: number[];
}

const MAX_TITLE_LENGTH = 255;

/**
 * The rules of a strategy create (`name` required) or update (all optional), applied to the DTO class in the order
 * a 400 lists their details: constraints, parameters and variants, then the rest. Unknown properties inside
 * constraints, variants and payloads are refused (unknown top-level ones are the DTO's business). One list for the
 * two DTOs, declared here rather than on their properties, so the order does not follow the OpenAPI document's.
 */
export function StrategyBodyRules(mode: 'create' | 'update'): ClassDecorator {
  const rules: Record<keyof StrategyBody, PropertyDecorator> = {
    constraints: ValidConstraints(),
    parameters: Details('strategyParameters', checkParameters),
    variants: Details('strategyVariants', checkVariants),
    name: Rule('strategyName', (name) =>
      (name === undefined && mode === 'update') || (typeof name === 'string' && name.trim() !== '')
        ? undefined
        : 'must be a non-empty string naming a strategy type',
    ),
    title: Rule('strategyTitle', (title) =>
      title === undefined || title === null || (typeof title === 'string' && title.length <= MAX_TITLE_LENGTH)
        ? undefined
        : `must be a string of at most ${MAX_TITLE_LENGTH} characters, or null`,
    ),
    disabled: Rule('strategyDisabled', (disabled) =>
      disabled === undefined || disabled === null || typeof disabled === 'boolean' ? undefined : 'must be boolean or null',
    ),
    sortOrder: Rule('strategySortOrder', (sortOrder) => (sortOrder === undefined || isInt32(sortOrder) ? undefined : INT32_RULE)),
    segments: Details('strategySegments', checkSegmentIds),
  };
  return (target) => {
    for (const [property, rule] of Object.entries(rules)) rule(target.prototype as object, property);
  };
}

/** A valid body as the service takes it: values as text, constraint defaults, variant weights fixed, null `disabled` as omitted. */
export function toStrategyChanges(body: StrategyBody): StrategyChanges {
  const changes: StrategyChanges = {
    constraints: toConstraints(body.constraints),
    parameters: Object.fromEntries(Object.entries(body.parameters ?? {}).map(([key, value]) => [key, scalarText(value)!])),
    variants: toStrategyVariants(body.variants),
  };
  if (body.name !== undefined) changes.name = body.name;
  if (body.title !== undefined) changes.title = body.title;
  if (typeof body.disabled === 'boolean') changes.disabled = body.disabled;
  if (body.sortOrder !== undefined) changes.sortOrder = body.sortOrder;
  if (body.segments !== undefined) changes.segments = body.segments;
  return changes;
}

/** A map of parameter name to string; numbers and booleans count as their text, anything else is refused. */
function checkParameters(input: unknown, path: string, problems: Problems): void {
  if (input === undefined) return;
  if (!isPlainObject(input)) return problems.invalid(path, 'must be object', input);
  for (const [key, value] of Object.entries(input)) {
    if (scalarText(value) === undefined) problems.invalid(pointer(path, key), 'must be a string, a number or a boolean', value);
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether a non-empty value suits a parameter type, and the rule a 400 states when it does not. */
const PARAMETER_RULES: Record<StrategyParameterType, { accepts: (value: string) => boolean; rule: string }> = {
  string: { accepts: () => true, rule: 'must be a string' },
  percentage: {
    accepts: (value) => DECIMAL.test(value) && Number(value) >= 0 && Number(value) <= 100,
    rule: 'must be a number from 0 to 100',
  },
  number: { accepts: (value) => DECIMAL.test(value), rule: 'must be a number (digits, an optional minus sign and decimal point)' },
  boolean: { accepts: (value) => value === 'true' || value === 'false', rule: 'must be true or false' },
  list: {
    accepts: (value) => value.split(',').every((entry) => entry.trim() !== ''),
    rule: 'must be a comma-separated list without empty entries',
  },
};

/**
 * Checks the parameters of a strategy of a custom type against the type's definition: each required parameter is
 * present and not empty, and each defined parameter given a value holds one of its kind (values are text, as
 * `toStrategyChanges` leaves them). An empty value of an optional parameter means "not set". Parameters the
 * definition does not name are kept: the application's own strategy implementation may read them.
 */
export function checkParametersAgainstType(parameters: Record<string, string>, type: StrategyType, path: string, problems: Problems): void {
  for (const definition of type.parameters) {
    const parameterPath = pointer(path, definition.name);
    const value = parameters[definition.name];
    const kind = `a ${definition.type} parameter of strategy type ${type.name}`;
    if (value === undefined || value === '') {
      if (!definition.required) continue;
      if (value === undefined)
        problems.add(
          parameterPath,
          `The \`${parameterPath}\` property is required by strategy type ${type.name}. It was not present on the data you sent.`,
        );
      else problems.invalid(parameterPath, `must not be empty: it is a required parameter of strategy type ${type.name}`, value);
      continue;
    }
    const rule = PARAMETER_RULES[definition.type as StrategyParameterType];
    if (rule && !rule.accepts(value)) problems.invalid(parameterPath, `${rule.rule}: it is ${kind}`, value);
  }
}

/** Distinct segment ids, at most the configured number. */
export function checkSegmentIds(input: unknown, path: string, problems: Problems, { limits }: ValidationContext): void {
  if (input === undefined) return;
  if (!Array.isArray(input)) return problems.invalid(path, 'must be array', input);
  if (input.length > limits.segmentsPerStrategy) problems.overLimit(path, limits.segmentsPerStrategy, 'segments', input.length);
  const seen = new Set<number>();
  input.forEach((id, index) => {
    if (!isInt32(id) || id < 1) problems.invalid(pointer(path, index), 'must be a segment id (a whole number of at least 1)', id);
    else if (seen.has(id)) problems.invalid(pointer(path, index), 'must not repeat a segment id', id);
    else seen.add(id);
  });
}

/** One entry of `POST …/strategies/set-sort-order`. */
export interface StrategySortOrder {
  id: string;
  sortOrder: number;
}

const SORT_ORDER_KEYS = new Set(['id', 'sortOrder']);

/** `[{id, sortOrder}]`: distinct strategy ids, each with a 32-bit whole number. */
export function checkSortOrders(body: unknown, path: string, problems: Problems): void {
  if (!Array.isArray(body)) return problems.invalid(path, 'must be array', body);
  const seen = new Set<string>();
  body.forEach((item, index) => {
    const itemPath = pointer(path, index);
    if (!isPlainObject(item)) return problems.invalid(itemPath, 'must be object', item);
    problems.onlyKnown(item, SORT_ORDER_KEYS, itemPath);
    const { id, sortOrder } = item;
    if (id === undefined) problems.required(`${itemPath}/id`);
    else if (typeof id !== 'string' || id === '') problems.invalid(`${itemPath}/id`, 'must be a non-empty string', id);
    else if (seen.has(id)) problems.invalid(`${itemPath}/id`, 'must not repeat a strategy id', id);
    else seen.add(id);
    if (sortOrder === undefined) problems.required(`${itemPath}/sortOrder`);
    else if (!isInt32(sortOrder)) problems.invalid(`${itemPath}/sortOrder`, INT32_RULE, sortOrder);
  });
}
