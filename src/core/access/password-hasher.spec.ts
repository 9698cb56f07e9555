import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  it('answers false for a stored hash it cannot read, rather than failing the login', async () => {
    const hasher = new PasswordHasher();
    expect(await hasher.verify('$argon2id$broken', 'anything')).toBe(false);
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
    expect(await hasher.verify(await hasher.hash('Correct-horse-1'), 'Correct-horse-1')).toBe(true);
  });
});
