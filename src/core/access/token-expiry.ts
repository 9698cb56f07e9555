import type { ErrorDetail } from '../errors/app-error.js';

/** The problem with a token whose `expiresAt` is not in the future (API tokens, service-account tokens, PATs). */
export function expiryNotInFuture(sent: string): ErrorDetail {
  return {
    path: '/body/expiresAt',
    message: `The \`/body/expiresAt\` property must be a date in the future. You sent ${JSON.stringify(sent)}.`,
  };
}
