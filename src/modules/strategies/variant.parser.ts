import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import { type StrategyVariant, VARIANT_PAYLOAD_TYPES, VARIANT_WEIGHT_TYPES } from './strategy.model.js';

const KEYS = new Set(['name', 'weight', 'weightType', 'stickiness', 'payload']);
const PAYLOAD_KEYS = new Set(['type', 'value']);
const WEIGHT_TYPES = new Set<string>(VARIANT_WEIGHT_TYPES);
const PAYLOAD_TYPES = new Set<string>(VARIANT_PAYLOAD_TYPES);
export const TOTAL_WEIGHT = 1000;

/** What weight fixing needs of a variant, strategy or feature alike. */
export interface WeightedVariant {
  name: string;
  weight: number;
  weightType: string;
}

/** Checks the variants of a strategy (the spec's 2.2), if any, reporting every offending property under `path`. */
export function checkVariants(input: unknown, path: string, problems: Problems): void {
  if (input !== undefined) parseVariantList(input, path, problems, parseVariant);
}

/**
 * Variants that passed `checkVariants`, with their weights fixed: fix variants keep theirs, the rest of 1000 is
 * split evenly over the variable ones.
 */
export function toStrategyVariants(input: readonly object[] | undefined): StrategyVariant[] {
  if (!input || input.length === 0) return [];
  return distributeWeights(
    input.map((item) => {
      const { name, weight, weightType, stickiness, payload } = item as StrategyVariant;
      const variant: StrategyVariant = { name, weight, weightType, stickiness };
      if (payload) variant.payload = { type: payload.type, value: payload.value };
      return variant;
    }),
  );
}

/**
 * The rules a list of variants follows, for strategy and feature variants alike: an array of valid items with
 * unique names, at least one variable variant, fix weights of at most 1000 in all; then the weights are fixed.
 */
export function parseVariantList<V extends WeightedVariant>(
  input: unknown,
  path: string,
  problems: Problems,
  parseOne: (item: unknown, path: string, problems: Problems) => V | undefined,
): V[] {
  if (!Array.isArray(input)) {
    problems.invalid(path, 'must be array', input);
    return [];
  }
  const before = problems.details.length;
  const seen = new Map<string, number>();
  const variants = input.flatMap((item, index) => {
    const variant = parseOne(item, pointer(path, index), problems);
    const name = isPlainObject(item) ? item.name : undefined;
    if (typeof name === 'string') {
      const first = seen.get(name);
      if (first !== undefined)
        problems.invalid(`${pointer(path, index)}/name`, `must be unique within the list: variant ${first} has the same name`, name);
      else seen.set(name, index);
    }
    return variant ? [variant] : [];
  });
  if (problems.details.length > before || variants.length === 0) return [];
  if (!variants.some((v) => v.weightType === 'variable')) {
    problems.invalid(path, 'must contain at least one "variable" variant', input);
    return [];
  }
  const fixed = variants.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + v.weight, 0);
  if (fixed > TOTAL_WEIGHT) {
    problems.invalid(path, `must not have "fix" weights totalling more than ${TOTAL_WEIGHT} (they total ${fixed})`, input);
    return [];
  }
  return distributeWeights(variants);
}

/**
 * The anchor's weight fixing: the weight left by the fix variants is divided evenly over the variable ones, the
 * remainder going one point at a time to the first variable variants in request order; the list is then sorted
 * by name. The caller guarantees at least one variable variant and fix weights of at most 1000.
 */
export function distributeWeights<V extends WeightedVariant>(variants: V[]): V[] {
  const variable = variants.filter((v) => v.weightType === 'variable');
  const left = TOTAL_WEIGHT - variants.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + v.weight, 0);
  const share = Math.floor(left / variable.length);
  let remainder = left % variable.length;
  const weighted = variants.map((variant) => {
    if (variant.weightType === 'fix') return variant;
    const extra = remainder > 0 ? 1 : 0;
    remainder -= extra;
    return { ...variant, weight: share + extra };
  });
  return weighted.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

function parseVariant(input: unknown, path: string, problems: Problems): StrategyVariant | undefined {
  if (!isPlainObject(input)) {
    problems.invalid(path, 'must be object', input);
    return undefined;
  }
  const before = problems.details.length;
  problems.onlyKnown(input, KEYS, path);
  const { name, weight, weightType, stickiness, payload } = input;
  checkVariantNameAndWeight(name, weight, path, problems);
  if (weightType === undefined) problems.required(`${path}/weightType`);
  else if (typeof weightType !== 'string' || !WEIGHT_TYPES.has(weightType))
    problems.invalid(`${path}/weightType`, 'must be one of the allowed values: variable, fix', weightType);
  if (stickiness === undefined) problems.required(`${path}/stickiness`);
  else if (typeof stickiness !== 'string') problems.invalid(`${path}/stickiness`, 'must be a string', stickiness);
  const parsedPayload = payload === undefined ? undefined : parseVariantPayload(payload, `${path}/payload`, problems);
  if (problems.details.length > before) return undefined;
  const variant: StrategyVariant = {
    name: name as string,
    weight: weight as number,
    weightType: weightType as StrategyVariant['weightType'],
    stickiness: stickiness as string,
  };
  if (parsedPayload) variant.payload = parsedPayload;
  return variant;
}

/** The name and weight of a variant, strategy or feature alike: URL-friendly, 1 to 100 characters; 0 to 1000. */
export function checkVariantNameAndWeight(name: unknown, weight: unknown, path: string, problems: Problems): void {
  if (name === undefined) problems.required(`${path}/name`);
  else if (typeof name !== 'string' || name.length < 1 || name.length > 100)
    problems.invalid(`${path}/name`, 'must be a string of 1 to 100 characters', name);
  else if (encodeURIComponent(name) !== name)
    problems.invalid(`${path}/name`, "must be URL friendly (letters, digits and - _ . ! ~ * ' ( ) only)", name);
  if (weight === undefined) problems.required(`${path}/weight`);
  else if (typeof weight !== 'number' || !Number.isInteger(weight)) problems.invalid(`${path}/weight`, 'must be integer', weight);
  else if (weight < 0 || weight > TOTAL_WEIGHT) problems.invalid(`${path}/weight`, `must be between 0 and ${TOTAL_WEIGHT}`, weight);
}

/** A variant's payload, strategy or feature alike: a known type and a string value (JSON that parses for `json`). */
export function parseVariantPayload(input: unknown, path: string, problems: Problems): StrategyVariant['payload'] {
  if (!isPlainObject(input)) {
    problems.invalid(path, 'must be object', input);
    return undefined;
  }
  const before = problems.details.length;
  problems.onlyKnown(input, PAYLOAD_KEYS, path);
  const { type, value } = input;
  if (type === undefined) problems.required(`${path}/type`);
  else if (typeof type !== 'string' || !PAYLOAD_TYPES.has(type))
    problems.invalid(`${path}/type`, `must be one of the allowed values: ${VARIANT_PAYLOAD_TYPES.join(', ')}`, type);
  if (value === undefined) problems.required(`${path}/value`);
  else if (typeof value !== 'string') problems.invalid(`${path}/value`, 'must be a string', value);
  else if (type === 'json' && !isJson(value))
    problems.invalid(`${path}/value`, 'must be a valid JSON string when the payload type is json', value);
  if (problems.details.length > before) return undefined;
  return { type: type as NonNullable<StrategyVariant['payload']>['type'], value: value as string };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
