import { registerDecorator } from 'class-validator';
import type { FlagwrightConfig } from '../config/flagwright-config.js';
import { Problems } from './input-problems.js';

/**
 * Why a value breaks a rule, completing "The `/path` property …" (e.g. `must be a whole number from 1 to 1000`),
 * or undefined when it keeps it. `object` is the DTO being validated, for rules that read a sibling property.
 */
export type RuleCheck = (value: unknown, object: Record<string, unknown>) => string | undefined;

/**
 * A class-validator rule too specific for its own decorators, reported by `RequestValidationPipe` like the others:
 * `The \`/path\` property <reason>. You sent <value>.` The check is asked again for the reason only when the value
 * fails it, so a valid request pays for one check.
 */
export function Rule(name: string, check: RuleCheck): PropertyDecorator {
  return (target, propertyKey) => {
    const byProperty = ruleChecks.get(target.constructor) ?? ruleChecks.set(target.constructor, new Map()).get(target.constructor)!;
    const rules = byProperty.get(String(propertyKey)) ?? byProperty.set(String(propertyKey), []).get(String(propertyKey))!;
    rules.push({ name, check });
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value, args) => check(value, args!.object as Record<string, unknown>) === undefined,
        defaultMessage: (args) => check(args!.value, args!.object as Record<string, unknown>) ?? '',
      },
    });
  };
}

/** The `@Rule`s of each class, by property, in declaration order: what `RequestValidationPipe` may run without class-validator. */
const ruleChecks = new WeakMap<object, Map<string, { name: string; check: RuleCheck }[]>>();

/** The `@Rule`s a class declares itself (not those of a class it extends), by property. */
export function rulesOf(target: object): ReadonlyMap<string, readonly { name: string; check: RuleCheck }[]> | undefined {
  return ruleChecks.get(target);
}

/** What a rule may read besides the value: the limits of the running configuration (messages name "the configured limit"). */
export type ValidationContext = Pick<FlagwrightConfig, 'limits'>;

/**
 * Reports every problem of a value (a list of constraints, a map of parameters) into `problems`, each under its
 * own pointer below `path` (`${path}/0/values/1`), worded as `Problems` words them.
 */
export type DetailsCheck = (value: unknown, path: string, problems: Problems, context: ValidationContext) => void;

const detailsChecks = new Map<string, DetailsCheck>();

/**
 * A class-validator rule whose check can name several offending places inside the value, each with its own detail,
 * and read the configured limits. Class-validator keeps one message per rule, so it only learns whether the value
 * fails; `RequestValidationPipe` then asks the check again, with the property's pointer, for the details.
 * Checks run synchronously inside the pipe, which provides the context (`withValidationContext`).
 */
export function Details(name: string, check: DetailsCheck): PropertyDecorator {
  const known = detailsChecks.get(name);
  if (known && known !== check) throw new Error(`Two different @Details rules are named ${name}.`);
  detailsChecks.set(name, check);
  return (target, propertyKey) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value) => {
          const problems = new Problems();
          check(value, '', problems, activeContext());
          return !problems.any;
        },
      },
    });
  };
}

/** The check of a `@Details` rule, by the name class-validator reports it under; undefined for other rules. */
export function detailsCheck(name: string): DetailsCheck | undefined {
  return detailsChecks.get(name);
}

let active: ValidationContext | undefined;

/** Runs a synchronous validation whose `@Details` rules read `context`. */
export function withValidationContext<T>(context: ValidationContext, validation: () => T): T {
  const previous = active;
  active = context;
  try {
    return validation();
  } finally {
    active = previous;
  }
}

function activeContext(): ValidationContext {
  if (!active) throw new Error('A @Details rule ran outside withValidationContext (RequestValidationPipe provides it).');
  return active;
}
