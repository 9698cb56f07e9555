import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { ChangeWatcher } from '../database/change-watcher.js';
import { CredentialCache } from './credential-cache.js';
import { type HostUser, hostUserProblem } from './host-user.js';
import type { UserPrincipal } from './principal.js';

/** The people host users act as. Core writes no `flagwright_users` row: the users module hands this over when Nest builds it. */
export interface HostUserAccounts {
  /** The person `user` acts as: matched by email, created on first sight, its root role kept at `user.rootRole`. */
  principalFor(user: HostUser): Promise<UserPrincipal>;
}

/**
 * Who a request acts as when the host application authenticated it and Flagwright's own credentials did not (the
 * `hostUsers` option; off, every request is nobody's here). The person found for a host user is kept in memory
 * under the `credentials` change generation (see CredentialCache), keyed on the email and the root role the host
 * gives: a new root role is a new key, whose lookup changes the stored role, which moves the generation, so the
 * change holds from the request that brings it on every instance.
 */
@Injectable()
export class HostUserPrincipals {
  private accounts?: HostUserAccounts;
  private readonly principals: CredentialCache<UserPrincipal>;

  constructor(
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
    changes: ChangeWatcher,
    clock: Clock,
  ) {
    this.principals = new CredentialCache(changes, clock);
  }

  handOver(accounts: HostUserAccounts): void {
    this.accounts = accounts;
  }

  /** The person the host's user of this request acts as; undefined without the option or without a host user. */
  async principalOf(request: Request): Promise<UserPrincipal | undefined> {
    const user = await this.hostUserOf(request);
    if (!user) return undefined;
    const accounts = this.accounts;
    if (!accounts) throw new Error('No module finds the people host users act as.');
    return this.principals.through(`${user.rootRole}\u0000${user.email.trim().toLowerCase()}`, () => accounts.principalFor(user));
  }

  /**
   * The resolver's answer, checked. A resolver that throws or answers something else is the host's bug: a 500,
   * logged once by the error filter; nothing of the request goes into the message.
   */
  private async hostUserOf(request: Request): Promise<HostUser | undefined> {
    const resolve = this.config.hostUsers?.resolve;
    if (!resolve) return undefined;
    let answer: unknown;
    try {
      answer = await resolve(request);
    } catch (error) {
      throw new Error('Flagwright: the `hostUsers.resolve` option threw while finding the host’s user of a request.', { cause: error });
    }
    if (answer === undefined || answer === null) return undefined;
    const problem = hostUserProblem(answer);
    if (problem) {
      throw new Error(
        `Flagwright: \`hostUsers.resolve\` must answer the host’s user ({ email, rootRole, username?, name? }) or undefined, but ${problem}.`,
      );
    }
    return answer as HostUser;
  }
}
