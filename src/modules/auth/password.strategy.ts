import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { VerifiedPassword } from './login.service.js';

/** The name of Flagwright's passport-local strategy: its own, so a host's `local` strategy is left alone. */
export const PASSWORD_STRATEGY = 'flagwright-password';

const PASSWORD_CHECK = Symbol('flagwright:password-check');

type PasswordCheck = (username: string, password: string) => Promise<VerifiedPassword>;

interface CheckedRequest extends Request {
  [PASSWORD_CHECK]?: PasswordCheck;
}

/** Hands the request to the password check of the Flagwright module that received it (see PasswordStrategy). */
export function checkPasswordsWith(request: Request, check: PasswordCheck): void {
  (request as CheckedRequest)[PASSWORD_CHECK] = check;
}

/**
 * passport-local, as `@nestjs/passport` registers strategies: on passport's one shared instance, by name. A process
 * may hold several Flagwright modules (a host's two, a test's two apps on one database), each constructing this
 * strategy, and the last one constructed is the one passport runs; so it keeps no module of its own, and checks
 * the password with the check the module that received the request put on it (`PasswordLoginGuard`).
 */
@Injectable()
export class PasswordStrategy extends PassportStrategy(Strategy, PASSWORD_STRATEGY) {
  constructor() {
    super({ passReqToCallback: true });
  }

  validate(request: Request, username: string, password: string): Promise<VerifiedPassword> {
    const check = (request as CheckedRequest)[PASSWORD_CHECK];
    if (!check) return Promise.reject(new Error(`${PASSWORD_STRATEGY} ran on a request no Flagwright login guard handed over.`));
    return check(username, password);
  }
}
