import { isPlainObject, pointer, Problems } from '../../core/http/input-problems.js';
import { checkVariantNameAndWeight, distributeWeights, parseVariantList, parseVariantPayload } from '../strategies/index.js';
import { type FeatureVariant, VARIANT_WEIGHT_TYPES } from './feature.model.js';

const KEYS = new Set(['name', 'weight', 'weightType', 'stickiness', 'payload', 'overrides']);
const OVERRIDE_KEYS = new Set(['contextName', 'values']);
const WEIGHT_TYPES = new Set<string>(VARIANT_WEIGHT_TYPES);

/**
 * Checks the variants of a feature environment (the spec's 2.6), the `PUT …/variants` body or a patched list:
 * names unique and URL-friendly, json payloads that parse, `overrides` pinning context values to a variant, at
 * least one variable variant (`weightType` defaults to variable) and fix weights of at most 1000. Every offending
 * property is reported under `path`.
 */
export function checkFeatureVariants(input: unknown, path: string, problems: Problems): void {
  // The list rules read each variant with its defaults, so the items are parsed; the result is toFeatureVariants'.
  parseVariantList(input, path, problems, parseVariant);
}

/**
 * Variants that passed `checkFeatureVariants`, with their defaults (`stickiness` default) and their weights fixed as
 * for strategy variants: fix ones keep theirs, the rest of 1000 is split over the variable ones; sorted by name.
 */
export function toFeatureVariants(items: readonly object[]): FeatureVariant[] {
  return items.length === 0 ? [] : distributeWeights(items.map((item) => parseVariant(item, '', new Problems())!));
}

function parseVariant(input: unknown, path: string, problems: Problems): FeatureVariant | undefined {
  if (!isPlainObject(input)) {
    problems.invalid(path, 'must be object', input);
    return undefined;
  }
  const before = problems.details.length;
  problems.onlyKnown(input, KEYS, path);
  const { name, weight, weightType, stickiness, payload, overrides } = input;
  checkVariantNameAndWeight(name, weight, path, problems);
  if (weightType !== undefined && (typeof weightType !== 'string' || !WEIGHT_TYPES.has(weightType))) {
    problems.invalid(`${path}/weightType`, 'must be one of the allowed values: variable, fix', weightType);
  }
  if (stickiness !== undefined && (typeof stickiness !== 'string' || stickiness.length === 0))
    problems.invalid(`${path}/stickiness`, 'must be a non-empty string', stickiness);
  const parsedPayload = payload === undefined ? undefined : parseVariantPayload(payload, `${path}/payload`, problems);
  const parsedOverrides = overrides === undefined ? undefined : parseOverrides(overrides, `${path}/overrides`, problems);
  if (problems.details.length > before) return undefined;
  const variant: FeatureVariant = {
    name: name as string,
    weight: weight as number,
    weightType: (weightType ?? 'variable') as FeatureVariant['weightType'],
    stickiness: (stickiness as string | undefined) ?? 'default',
  };
  if (parsedPayload) variant.payload = parsedPayload;
  if (parsedOverrides) variant.overrides = parsedOverrides;
  return variant;
}

function parseOverrides(input: unknown, path: string, problems: Problems): FeatureVariant['overrides'] {
  if (!Array.isArray(input)) {
    problems.invalid(path, 'must be array', input);
    return undefined;
  }
  const before = problems.details.length;
  const overrides = input.map((item, index) => {
    const at = pointer(path, index);
    if (!isPlainObject(item)) {
      problems.invalid(at, 'must be object', item);
      return { contextName: '', values: [] };
    }
    problems.onlyKnown(item, OVERRIDE_KEYS, at);
    const { contextName, values } = item;
    if (contextName === undefined) problems.required(`${at}/contextName`);
    else if (typeof contextName !== 'string' || contextName.length === 0)
      problems.invalid(`${at}/contextName`, 'must be a non-empty string', contextName);
    if (values === undefined) problems.required(`${at}/values`);
    else if (!Array.isArray(values)) problems.invalid(`${at}/values`, 'must be array', values);
    else values.forEach((value, i) => typeof value !== 'string' && problems.invalid(pointer(`${at}/values`, i), 'must be a string', value));
    return { contextName: contextName as string, values: values as string[] };
  });
  return problems.details.length > before ? undefined : overrides;
}
