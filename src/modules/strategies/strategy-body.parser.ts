import type { FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { parseConstraints } from './constraint.parser.js';
import { INT32_RULE, isInt32, isPlainObject, pointer, Problems, scalarText } from './input-problems.js';
import type { Constraint, StrategyVariant } from './strategy.model.js';
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
export function parseStrategyBody(body: unknown, mode: 'create' | 'update', limits: StrategyLimits, root = '/body'): { changes: StrategyChanges; problems: Problems } {
  const problems = new Problems();
  if (!isPlainObject(body)) {
    problems.invalid(root, 'must be object', body);
    return { changes: { constraints: [], parameters: {}, variants: [] }, problems };
  }
  const changes: StrategyChanges = {
    constraints: parseConstraints(body.constraints, `${root}/constraints`, { constraints: limits.constraintsPerStrategy, valuesPerConstraint: limits.valuesPerConstraint }, problems),
    parameters: parseParameters(body.parameters, `${root}/parameters`, problems),
    variants: parseVariants(body.variants, `${root}/variants`, problems),
  };

  const { name, title, disabled, sortOrder, segments } = body;
  if (name === undefined) {
    if (mode === 'create') problems.required(`${root}/name`);
  } else if (typeof name !== 'string' || name.trim() === '') problems.invalid(`${root}/name`, 'must be a non-empty string naming a strategy type', name);
  else changes.name = name;

  if (title === null) changes.title = null;
  else if (typeof title === 'string' && title.length <= MAX_TITLE_LENGTH) changes.title = title;
  else if (title !== undefined) problems.invalid(`${root}/title`, `must be a string of at most ${MAX_TITLE_LENGTH} characters, or null`, title);

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
