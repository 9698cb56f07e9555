import { AppError } from '../errors/app-error.js';

/** The AppError a promise rejects with; fails the spec when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}
