import { notFound } from '../../core/errors/app-error.js';

export function sessionNotFound(sessionId: string) {
  return notFound(`You have no active session with id ${sessionId}.`);
}
