import { PasswordHasher } from '../access/password-hasher.js';

/**
 * A PasswordHasher without argon2's cost: `hash` answers `fake:<password>`, and any other stored hash (a real
 * argon2 or bcrypt one) verifies against nothing and needs a rehash, as an outdated one would.
 */
export class FakePasswordHasher extends PasswordHasher {
  readonly hashed: string[] = [];

  override async hash(password: string): Promise<string> {
    this.hashed.push(password);
    return `fake:${password}`;
  }

  override async verify(hash: string, password: string): Promise<boolean> {
    return hash === `fake:${password}`;
  }

  override needsRehash(hash: string): boolean {
    return !hash.startsWith('fake:');
  }
}
