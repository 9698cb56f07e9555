import type { FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { parseConstraints } from '../../core/constraints/constraint.parser.js';
import { INT32_RULE, isInt32, isPlainObject, pointer, Problems, scalarText } from '../../core/http/input-problems.js';
import type { Constraint } from '../../core/constraints/constraint.js';
import type { StrategyType, StrategyVariant } from './strategy.model.js';
import type { StrategyParameterType } from './strategy-type.model.js';
import { parseVariants } from './variant.parser.js';

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

export type StrategyLimits = Pick<FlagwrightConfig['limits'], 'constraintsPerStrategy' | 'valuesPerConstraint' | 'segmentsPerStrategy'>;

const MAX_TITLE_LENGTH = 255;

/**
 * Parses the body of a strategy create (`name` required) or update (`updateFeatureStrategySchema`, all optional).
 * Unknown top-level properties are ignored (clients send back what they read, with `id` and `featureName`);
 * unknown properties inside constraints, variants and payloads are refused. Every offending property is reported.
 */
export function parseStrategyBody(
  body: unknown,
  mode: 'create' | 'update',
  limits: StrategyLimits,
  root = '/body',
): { changes: StrategyChanges; problems: Problems } {
  const problems = new Problems();
  if (!isPlainObject(body)) {
    problems.invalid(root, 'must be object', body);
    return { changes: { constraints: [], parameters: {}, variants: [] }, problems };
  }
  const changes: StrategyChanges = {
    constraints: parseConstraints(
      body.constraints,
      `${root}/constraints`,
      { constraints: limits.constraintsPerStrategy, valuesPerConstraint: limits.valuesPerConstraint },
      problems,
    ),
    parameters: parseParameters(body.parameters, `${root}/parameters`, problems),
    variants: parseVariants(body.variants, `${root}/variants`, problems),
  };

  const { name, title, disabled, sortOrder, segments } = body;
  if (name === undefined) {
    if (mode === 'create') problems.required(`${root}/name`);
  } else if (typeof name !== 'string' || name.trim() === '')
    problems.invalid(`${root}/name`, 'must be a non-empty string naming a strategy type', name);
  else changes.name = name;

  if (title === null) changes.title = null;
  else if (typeof title === 'string' && title.length <= MAX_TITLE_LENGTH) changes.title = title;
  else if (title !== undefined)
    problems.invalid(`${root}/title`, `must be a string of at most ${MAX_TITLE_LENGTH} characters, or null`, title);

  if (typeof disabled === 'boolean') changes.disabled = disabled;
  else if (disabled !== undefined && disabled !== null) problems.invalid(`${root}/disabled`, 'must be boolean or null', disabled);

  if (isInt32(sortOrder)) changes.sortOrder = sortOrder;
  else if (sortOrder !== undefined) problems.invalid(`${root}/sortOrder`, INT32_RULE, sortOrder);

  if (segments !== undefined) changes.segments = parseSegmentIds(segments, `${root}/segments`, limits.segmentsPerStrategy, problems);
  return { changes, problems };
}

/** A map of parameter name to string; numbers and booleans are kept as text, anything else is refused. */
function parseParameters(input: unknown, path: string, problems: Problems): Record<string, string> {
  if (input === undefined) return {};
  if (!isPlainObject(input)) {
    problems.invalid(path, 'must be object', input);
    return {};
  }
  const parameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const text = scalarText(value);
    if (text === undefined) problems.invalid(pointer(path, key), 'must be a string, a number or a boolean', value);
    else parameters[key] = text;
  }
  return parameters;
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
 * `parseStrategyBody` leaves them). An empty value of an optional parameter means "not set". Parameters the
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

function parseSegmentIds(input: unknown, path: string, limit: number, problems: Problems): number[] | undefined {
  if (!Array.isArray(input)) {
    problems.invalid(path, 'must be array', input);
    return undefined;
  }
  if (input.length > limit) problems.overLimit(path, limit, 'segments', input.length);
  const seen = new Set<number>();
  input.forEach((id, index) => {
    if (!isInt32(id) || id < 1) problems.invalid(pointer(path, index), 'must be a segment id (a whole number of at least 1)', id);
    else if (seen.has(id)) problems.invalid(pointer(path, index), 'must not repeat a segment id', id);
    else seen.add(id);
  });
  return [...seen];
}
