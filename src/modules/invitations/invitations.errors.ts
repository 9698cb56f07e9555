import { AppError, invalidProperty, notFound } from '../../core/errors/app-error.js';

const ASK = 'Ask your instance administrator for a new one.';

export function unknownLink() {
  return notFound(`This link is not valid: it was never made, or the person it was made for no longer exists. ${ASK}`);
}

export function usedLink(where: string) {
  return invalidProperty(where, `This link has been used already: each link sets a password once. ${ASK}`);
}

export function expiredLink(where: string, expiresAt: Date) {
  return invalidProperty(where, `This link expired at ${expiresAt.toISOString()}. ${ASK}`);
}

export function outdatedLink(where: string) {
  return invalidProperty(where, `This link was made before the password last changed, so it no longer works. ${ASK}`);
}

export function unknownInvite() {
  return notFound('This invite link is not valid: it was never made. Ask your instance administrator for one.');
}

export function closedInvite(where: string, reason: 'expired' | 'disabled') {
  return invalidProperty(where, `This invite link is ${reason}. Ask your instance administrator for a new one.`);
}

export function unknownPerson(reference: string) {
  return notFound(`Could not find a user with id or email ${reference}.`);
}

export function unknownRootRole(reference: number | string) {
  return invalidProperty(
    '/body/rootRole',
    `The \`/body/rootRole\` property must name an existing root role, but there is no root role ${typeof reference === 'number' ? `with id ${reference}` : `named ${JSON.stringify(reference)}`}.`,
  );
}

export function tooManyResetRequests(seconds: number) {
  return new AppError(
    'TooManyRequests',
    `Too many password reset requests from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}
