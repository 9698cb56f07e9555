import { AppError, invalidProperty, notFound } from '../../core/errors/app-error.js';

export function oidcNotEnabled(): AppError {
  return notFound('Single sign-on with OpenID Connect is not enabled. Sign in with your username and password.');
}

export function oidcSettingsFromEnvironment(): AppError {
  return new AppError(
    'ValidationError',
    'The OpenID Connect settings come from the environment (OIDC_* variables, or the `sso.oidc` module option) and cannot be changed through the API. Change them there and restart.',
  );
}

export function oidcSettingMissing(property: 'discoverUrl' | 'clientId' | 'secret'): AppError {
  return invalidProperty(
    `/body/${property}`,
    `The \`/body/${property}\` property is required to enable single sign-on with OpenID Connect.`,
  );
}

export function unsafeReturnPath(): AppError {
  return invalidProperty(
    '/query/redirect',
    'The `/query/redirect` parameter must be a path of this service (starting with a single `/`); links to other sites are refused.',
  );
}

export function providerUnavailable(discoverUrl: string, reason: string): AppError {
  return new AppError(
    'ServiceUnavailable',
    `The single sign-on provider at ${discoverUrl} could not be reached (${reason}). Try again later, or sign in with your username and password.`,
  );
}

export function signInRefused(reason: string): AppError {
  return new AppError('AuthenticationRequired', `Single sign-on failed: ${reason}`);
}

export function passwordLoginDisabled(): AppError {
  return new AppError('AuthenticationRequired', 'Logging in with username/password has been disabled.');
}

export function storedSecretUnreadable(): AppError {
  return new AppError(
    'ServiceUnavailable',
    'Single sign-on is enabled, but its stored client secret cannot be decrypted: the key it was encrypted with (AUTH_SECRET_KEY, or SESSION_SECRET) has changed since. An admin must enter the client secret again. Sign in with your username and password.',
  );
}
