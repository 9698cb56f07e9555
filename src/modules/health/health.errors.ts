import { AppError } from '../../core/errors/app-error.js';

/** 503 until migrations and seeding are done. */
export function stillStarting(): AppError {
  return new AppError('ServiceUnavailable', 'The service is still starting.');
}

export function databaseDown(): AppError {
  return new AppError('ServiceUnavailable', 'The database does not answer.');
}
