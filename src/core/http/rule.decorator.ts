import { registerDecorator } from 'class-validator';

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
