import { type ArgumentMetadata, Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  IS_OPTIONAL,
  validateSync,
  type ValidationError as ClassValidationError,
  ValidationTypes,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { FLAGWRIGHT_CONFIG } from '../config/flagwright-config.js';
import { type ErrorDetail, validationError } from '../errors/app-error.js';
import { describe, Problems } from './input-problems.js';
import { detailsCheck, type RuleCheck, rulesOf, type ValidationContext, withValidationContext } from './rule.decorator.js';

const IGNORES_UNKNOWN = Symbol('flagwright:ignores-unknown-top-level');
type DtoClass = new (...args: unknown[]) => object;

/**
 * Marks a body DTO whose unknown top-level properties are dropped rather than refused (clients send back what
 * they read, with `id` and `featureName`). Unknown properties of nested objects are still refused.
 */
export function IgnoreUnknownTopLevelProperties(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(IGNORES_UNKNOWN, true, target);
  };
}

const SHALLOW = Symbol('flagwright:shallow-instance');

/**
 * Marks a DTO that declares no nested class (no `@Type`, no `@Transform`): the pipe builds its instance from the
 * sent top-level properties and leaves nested values as sent, rather than having class-transformer copy the whole
 * body. For hot routes with large bodies (SDK metrics); their rules read the nested values as plain JSON anyway.
 */
export function ShallowInstance(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(SHALLOW, true, target);
  };
}

const NOT_AN_OBJECT = Symbol('flagwright:not-an-object-message');

/** The message of the 400 for a body or query that is not an object, where the route's clients know another one. */
export function NotAnObjectMessage(message: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(NOT_AN_OBJECT, message, target);
  };
}

const LIST_BODY = Symbol('flagwright:list-body');

/** The property of a `@ListBody()` DTO that holds the body. */
export const LIST_ITEMS = 'items';

/**
 * Marks a DTO of a body checked as one value by one rule: a JSON array (a JSON Patch, a sort order), or an object
 * whose rule is shared with the lists it is an item of (one constraint). The pipe hands its one property `items`
 * the body, and that property's rules report under the body's own pointer (`/body/0/op`, `/body/values`). The
 * handler reads `body.items`; the route declares the body with `@ApiBody`.
 */
export function ListBody(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(LIST_BODY, true, target);
  };
}

const LOCATION: Record<string, string> = { body: 'body', query: 'query', param: 'params' };

/**
 * Validates body, query and route parameters against their DTO classes and reports every offending property in
 * `details`, each with its JSON pointer (`/body/constraints/0/operator`); the message names them all. Rules that
 * read the configured limits get them from the configuration this pipe is built with.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  constructor(@Inject(FLAGWRIGHT_CONFIG) private readonly context: ValidationContext) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const metatype = metadata.metatype as DtoClass | undefined;
    const location = LOCATION[metadata.type];
    if (!location || !metatype || !hasValidation(metatype)) return value;
    return validatedInput(metatype, value, `/${location}`, this.context);
  }
}

/**
 * `value` as an instance of `metatype` when it keeps the class's rules, or the 400 naming every offending property
 * below `root` (`/body`; "" for a document that is not a request part, such as a patched strategy).
 */
export function validatedInput<T extends object>(metatype: new () => T, value: unknown, root: string, context: ValidationContext): T {
  const checked = checkInput(metatype, value, root, context);
  if (!checked.input) throw validationError(checked.problems);
  return checked.input;
}

/**
 * `value` checked against `metatype`'s rules: the instance when it keeps them, otherwise every offending property
 * below `root`, for a caller that joins them with checks of its own before answering.
 */
export function checkInput<T extends object>(
  metatype: new () => T,
  value: unknown,
  root: string,
  context: ValidationContext,
): { input: T; problems: [] } | { input?: undefined; problems: ErrorDetail[] } {
  const listBody = Reflect.getMetadata(LIST_BODY, metatype) === true;
  if (listBody) value = { [LIST_ITEMS]: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const message: string =
      Reflect.getMetadata(NOT_AN_OBJECT, metatype) ?? `The \`${root}\` property must be object. You sent ${describe(value)}.`;
    return { problems: [{ path: root, message }] };
  }
  const plain = Reflect.getMetadata(IGNORES_UNKNOWN, metatype) ? pickKnown(metatype as DtoClass, value) : value;
  // Most requests send no query at all (every SDK poll): whether nothing is valid is the same answer every time.
  if (isEmpty(plain)) {
    const problems = emptyInputProblems(metatype as DtoClass, root, context);
    return problems.length > 0 ? { problems } : { input: plainToInstance(metatype, plain), problems: [] };
  }
  const instance = Reflect.getMetadata(SHALLOW, metatype) ? Object.assign(new metatype(), plain) : plainToInstance(metatype, plain);
  if (keepsEveryRule(metatype as DtoClass, instance)) return { input: instance, problems: [] };
  const problems = validationProblems(instance, root, context, listBody);
  if (problems.length === 0) problems.push(...arraysForNestedObjects(instance, listBody ? root : undefined, root));
  return problems.length > 0 ? { problems } : { input: instance, problems: [] };
}

const nestedValidations = new WeakMap<object, ValidationMetadata[]>();

/** The `@ValidateNested` properties of a class, kept per class (looking them up scans every decorator). */
function nestedValidationsOf(target: object): ValidationMetadata[] {
  let found = nestedValidations.get(target);
  if (!found) {
    const all = getMetadataStorage().getTargetValidationMetadatas(target as DtoClass, '', true, false);
    nestedValidations.set(target, (found = all.filter((metadata) => metadata.type === 'nestedValidation')));
  }
  return found;
}

/**
 * class-validator's `@ValidateNested` takes an array where it expects an object and validates the array's items
 * instead, so `{"users": [[]]}` or `{"user": []}` passed and reached a service as an array: each such array is
 * refused here, with the message of its `@ValidateNested`.
 */
function arraysForNestedObjects(instance: object, listRoot: string | undefined, root: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const visit = (object: object, path: string, isList: boolean) => {
    for (const nested of nestedValidationsOf(object.constructor)) {
      const value = (object as Record<string, unknown>)[nested.propertyName];
      const here = isList && nested.propertyName === LIST_ITEMS ? path : `${path}/${nested.propertyName}`;
      const items: [unknown, string][] =
        nested.each && Array.isArray(value) ? value.map((item, index) => [item, `${here}/${index}`]) : [[value, here]];
      for (const [item, itemPath] of items) {
        if (Array.isArray(item)) {
          const reason = typeof nested.message === 'string' ? nested.message : 'must be an object';
          found.push({ path: itemPath, message: `The \`${itemPath}\` property ${reason}. You sent ${describe(item)}.` });
        } else if (typeof item === 'object' && item !== null) visit(item, itemPath, false);
      }
    }
  };
  visit(instance, listRoot ?? root, listRoot !== undefined);
  return found;
}

function validationProblems(instance: object, root: string, context: ValidationContext, listBody = false): ErrorDetail[] {
  const errors = withValidationContext(context, () =>
    validateSync(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: false,
      validationError: { target: false, value: true },
    }),
  );
  return toDetails(errors, root, context, listBody);
}

/**
 * What validating an empty object of the class reports, per class and location (the paths name it). Limits do not
 * change it: an empty object has no list to count.
 */
/**
 * The `@Rule`s of a class made of `@Rule`s and `@IsOptional`s only (most query parameters), each property's rules
 * with whether it may be left out; undefined for a class with any other rule, which only class-validator runs.
 */
const ruleOnlyClasses = new WeakMap<DtoClass, Map<string, { optional: boolean; checks: RuleCheck[] }> | null>();

function ruleOnly(metatype: DtoClass): Map<string, { optional: boolean; checks: RuleCheck[] }> | undefined {
  let found = ruleOnlyClasses.get(metatype);
  if (found === undefined) {
    const declared = rulesOf(metatype);
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    const rules = new Map<string, { optional: boolean; checks: RuleCheck[] }>();
    let ruleCount = 0;
    for (const metadata of metadatas) {
      const property =
        rules.get(metadata.propertyName) ?? rules.set(metadata.propertyName, { optional: false, checks: [] }).get(metadata.propertyName)!;
      if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION && metadata.name === IS_OPTIONAL) property.optional = true;
      else if (metadata.type === ValidationTypes.CUSTOM_VALIDATION && metadata.target === metatype) ruleCount++;
      else ruleCount = Number.NaN;
    }
    for (const [property, { checks }] of rules) checks.push(...(declared?.get(property) ?? []).map((rule) => rule.check));
    const declaredCount = [...(declared?.values() ?? [])].reduce((sum, list) => sum + list.length, 0);
    found = declared && ruleCount === declaredCount && [...declared.keys()].every((key) => rules.has(key)) ? rules : null;
    ruleOnlyClasses.set(metatype, found);
  }
  return found ?? undefined;
}

/**
 * Whether an instance of a class made of `@Rule`s and `@IsOptional`s keeps every rule, checked as class-validator
 * checks it (a left-out optional property is not checked; nothing unknown may be sent) but without it, which costs
 * a search with filters about a tenth of its request. Any other class, an unknown property or a broken rule answers
 * false: class-validator then runs and words the 400.
 */
function keepsEveryRule(metatype: DtoClass, instance: object): boolean {
  const rules = ruleOnly(metatype);
  if (!rules) return false;
  const object = instance as Record<string, unknown>;
  for (const key of Object.keys(object)) if (!rules.has(key)) return false;
  for (const [property, { optional, checks }] of rules) {
    const value = object[property];
    if (optional && (value === undefined || value === null)) continue;
    if (checks.some((check) => check(value, object) !== undefined)) return false;
  }
  return true;
}

const emptyInputAnswers = new WeakMap<DtoClass, Map<string, ErrorDetail[]>>();

function emptyInputProblems(metatype: DtoClass, root: string, context: ValidationContext): ErrorDetail[] {
  let byRoot = emptyInputAnswers.get(metatype);
  if (!byRoot) emptyInputAnswers.set(metatype, (byRoot = new Map()));
  let answer = byRoot.get(root);
  if (!answer) byRoot.set(root, (answer = validationProblems(plainToInstance(metatype, {}), root, context)));
  return answer;
}

function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

// Looking the metadata up scans every registered decorator (5–20 µs per route parameter); classes are decorated
// once, at import, so the answer is kept per class.
const validatedClasses = new WeakMap<DtoClass, boolean>();

function hasValidation(metatype: DtoClass): boolean {
  let validated = validatedClasses.get(metatype);
  if (validated === undefined) {
    validated = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false).length > 0;
    validatedClasses.set(metatype, validated);
  }
  return validated;
}

const knownProperties = new WeakMap<DtoClass, Set<string>>();

function pickKnown(metatype: DtoClass, value: object): object {
  let known = knownProperties.get(metatype);
  if (!known) {
    known = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(metatype, '', true, false)
        .map((m) => m.propertyName),
    );
    knownProperties.set(metatype, known);
  }
  const picked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (known.has(key)) {
      picked[key] = key in picked ? [picked[key], item].flat() : item;
      continue;
    }
    // `project[]=a` and `project[$ne]=a` reach a simple query parser as keys of their own: they are kept as the
    // array or object an extended parser makes of them, so the parameter's rule refuses them under its own name
    // rather than the filter being dropped (and every feature answered).
    const bracketed = /^([^[\]]+)\[([^\]]*)\]$/.exec(key);
    if (!bracketed || !known.has(bracketed[1])) continue;
    const [, name, inner] = bracketed;
    const previous = picked[name];
    picked[name] =
      inner === ''
        ? [previous, item].flat().filter((entry) => entry !== undefined)
        : { ...(isRecord(previous) ? previous : {}), [inner]: item };
  }
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `listItems`: the errors are those of a `@ListBody()` DTO, whose `items` are the body itself (`parent`). */
function toDetails(errors: ClassValidationError[], parent: string, context: ValidationContext, listItems = false): ErrorDetail[] {
  return errors.flatMap((error) => {
    const path = listItems && error.property === LIST_ITEMS ? parent : `${parent}/${error.property}`;
    const main = mainConstraint(error);
    const own = main ? ownDetails(main, path, parent, error, context) : [];
    return [...own, ...toDetails(error.children ?? [], path, context)];
  });
}

function ownDetails([kind, text]: [string, string], path: string, parent: string, error: ClassValidationError, context: ValidationContext) {
  const check = detailsCheck(kind);
  if (!check) return [{ path, message: messageFor(kind, text, path, parent, error) }];
  const problems = new Problems();
  check(error.value, path, problems, context);
  return problems.details;
}

/** Checks of what a value is, rather than of its content: a value of the wrong type hears that first. */
const TYPE_CHECKS = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'nestedValidation']);

/** The one rule a property's detail reports: not allowed, then missing, then of the wrong type, then the first other. */
function mainConstraint(error: ClassValidationError): [string, string] | undefined {
  const failed = Object.entries(error.constraints ?? {});
  return (
    failed.find(([kind]) => kind === 'whitelistValidation') ??
    (error.value === undefined ? failed.find(([kind]) => kind === 'isDefined') : undefined) ??
    failed.find(([kind]) => TYPE_CHECKS.has(kind)) ??
    failed[0]
  );
}

function messageFor(kind: string, text: string, path: string, parent: string, error: ClassValidationError): string {
  if (kind === 'whitelistValidation') {
    return `The \`${parent}\` object of the request does not allow additional properties. Your request included the \`${path}\` property.`;
  }
  if (kind === 'isDefined' || (error.value === undefined && kind !== 'customValidation')) {
    return `The \`${path}\` property is required. It was not present on the data you sent.`;
  }
  const reason = text.startsWith(`${error.property} `) ? text.slice(error.property.length + 1) : text;
  // Passwords and secrets are not echoed back, even to the client that sent them.
  const sent = SECRET_PROPERTY.test(error.property) ? '' : ` You sent ${describe(error.value)}.`;
  return `The \`${path}\` property ${reason.replace(/\.$/, '')}.${sent}`;
}

const SECRET_PROPERTY = /password|secret/i;
