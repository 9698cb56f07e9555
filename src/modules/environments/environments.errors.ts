import { invalidProperty, notFound } from '../../core/errors/app-error.js';

export function environmentNotFound(name: string) {
  return notFound(`Could not find environment ${name}`);
}

/** Protected environments (none by default) can be neither changed nor removed, as in Unleash. */
export function protectedEnvironment(name: string) {
  return invalidProperty('/params/name', `The environment ${name} is protected: it cannot be changed or removed.`);
}
