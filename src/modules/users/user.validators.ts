import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';
import { isAcceptablePassword, PASSWORD_RULE } from './password-policy.js';

/**
 * Validators shared by the user DTOs. Their messages complete the sentence "The `/body/x` property …" that the
 * validation pipe writes.
 */

/** A root role named by id (a whole number from 1) or by name. */
export function IsRootRoleReference(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isRootRoleReference',
      validator: {
        validate: (value: unknown) =>
          (Number.isInteger(value) && (value as number) >= 1) || (typeof value === 'string' && value.trim().length > 0),
        defaultMessage: () => 'must be the id of a root role (a whole number, e.g. 1 for Admin, 2 for Editor, 3 for Viewer) or its name',
      },
    },
    options,
  );
}

export function IsAcceptablePassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isAcceptablePassword', validator: { validate: isAcceptablePassword, defaultMessage: () => PASSWORD_RULE } },
    options,
  );
}

/** Equal to the `password` property of the same body (a confirmation). */
export function MatchesPassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'matchesPassword',
      validator: {
        validate: (value, args) => typeof value === 'string' && value === (args?.object as { password?: unknown }).password,
        defaultMessage: (args) =>
          typeof args?.value === 'string' ? 'must be the same as the `/body/password` property' : 'must be a string',
      },
    },
    options,
  );
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** An email address of at most 255 characters; surrounding spaces are allowed (the service trims them). */
const isEmailAddress = (value: unknown) => typeof value === 'string' && value.trim().length <= 255 && isEmail(value.trim());
const EMAIL_RULE = 'must be an email address of at most 255 characters';

export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isEmailAddress', validator: { validate: isEmailAddress, defaultMessage: () => EMAIL_RULE } }, options);
}

/**
 * The email of a new user: optional when the body has a username, required otherwise. Named `customValidation`
 * so the pipe writes this message rather than its generic "is required" when the email is missing.
 */
export function IsEmailUnlessUsername(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'customValidation',
      validator: {
        validate: (value, args) => {
          if (value === undefined || value === null) return hasText((args?.object as { username?: unknown }).username);
          return isEmailAddress(value);
        },
        defaultMessage: (args) =>
          args?.value === undefined || args?.value === null
            ? 'is required when no username is given: a user needs an email, a username, or both'
            : EMAIL_RULE,
      },
    },
    options,
  );
}

/** A property that must not be sent to this route; the message says where it belongs instead. */
export function IsAbsent(reason: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isAbsent', validator: { validate: (value) => value === undefined, defaultMessage: () => reason } }, options);
}
