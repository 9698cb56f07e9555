import { AppError } from '../../core/errors/app-error.js';

/** Unleash's words for an advanced playground request that would evaluate more than the configured limit. */
export function evaluationLimitExceeded(environments: number, features: number, contexts: number, limit: number): AppError {
  const total = environments * features * contexts;
  return new AppError(
    'ValidationError',
    `Rejecting evaluation as it would generate ${total} combinations exceeding ${limit} limit. ` +
      `Please reduce the number of selected environments (${environments}), features (${features}), context field combinations (${contexts}).`,
  );
}
