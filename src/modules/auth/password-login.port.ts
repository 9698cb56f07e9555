import { Injectable } from '@nestjs/common';

/**
 * Whether people may log in with a password: the switch is kept by the module that keeps the sign-in settings
 * (`sso`), which imports this one to sign people in, so `auth` cannot import it back. `auth` owns this port instead:
 * the interface it asks through, and `PasswordLoginPort`, the injection token that module implements it on.
 */
export interface PasswordLoginPolicy {
  /** Before the password is checked: refuses the login name while password login is off (but a break-glass name). */
  refuseUnlessAllowed(loginName: string): Promise<void>;
  /** After the password held: refuses a person of this root role while password login is off. */
  refuseUnlessAdmin(rootRole: number): Promise<void>;
}

/** Password login open to everyone: the policy of a module composed without anything that turns it off. */
const OPEN: PasswordLoginPolicy = {
  refuseUnlessAllowed: () => Promise.resolve(),
  refuseUnlessAdmin: () => Promise.resolve(),
};

/**
 * The port `LoginService` asks and the settings' module implements (`implementWith`, at its start, before any
 * request is served). One per Flagwright module, as every provider is.
 */
@Injectable()
export class PasswordLoginPort implements PasswordLoginPolicy {
  private policy: PasswordLoginPolicy = OPEN;

  implementWith(policy: PasswordLoginPolicy): void {
    this.policy = policy;
  }

  refuseUnlessAllowed(loginName: string): Promise<void> {
    return this.policy.refuseUnlessAllowed(loginName);
  }

  refuseUnlessAdmin(rootRole: number): Promise<void> {
    return this.policy.refuseUnlessAdmin(rootRole);
  }
}
