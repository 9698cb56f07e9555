import { AppError } from '../../core/errors/app-error.js';

/** 403, as Unleash answers deprecating the `default` strategy type. */
export function undeprecatableStrategyType(name: string): AppError {
  return new AppError('NoAccessError', `The ${name} strategy type cannot be deprecated.`);
}
