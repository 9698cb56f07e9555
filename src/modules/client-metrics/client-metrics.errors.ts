import { AppError, invalidProperty, notFound } from '../../core/errors/app-error.js';

/** 400: the environment a token is bound to was removed since the token was made. */
export function missingOwnEnvironment(environment: string): AppError {
  return new AppError('ValidationError', `The environment ${JSON.stringify(environment)} of these credentials does not exist.`);
}

/** Unleash's wording for an application it does not know. */
export function applicationNotFound(appName: string): AppError {
  return notFound(`Could not find appName=${appName}`);
}

/** The project of a project route does not exist. */
export function projectNotFound(projectId: string): AppError {
  return notFound(`Could not find project ${projectId}`);
}

/** A series asked for more hours than metrics are kept. */
export function tooManyHoursBack(sent: number, kept: number): AppError {
  const path = '/query/hoursBack';
  return invalidProperty(
    path,
    `The \`${path}\` property must be a whole number from 1 to ${kept}, the hours metrics are kept. You sent "${sent}".`,
  );
}
