import { AppError } from '../../core/errors/app-error.js';

/**
 * The 403 of a change that also creates strategies (switching a feature on adds the default one; a clone copies
 * them): Unleash checks CREATE_FEATURE_STRATEGY in the service and names the environment.
 */
export function strategyCreationDenied(projectId: string, environment: string): AppError {
  return new AppError(
    'NoAccessError',
    `You don't have the required permissions to perform this operation. To perform this action, you need the "CREATE_FEATURE_STRATEGY" permission in the "${environment}" environment of the "${projectId}" project.`,
  );
}
