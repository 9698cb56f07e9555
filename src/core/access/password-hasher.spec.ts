import bcrypt from 'bcryptjs';
import { Algorithm, hashSync, Version } from '@node-rs/argon2';
import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  afterAll(() => hasher.onApplicationShutdown());

  it("hashes with OWASP's argon2id parameters, and verifies the password against its hash alone", async () => {
    const hash = await hasher.hash('Correct-horse-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.hash('Correct-horse-1')).not.toBe(hash);
    expect(await hasher.verify(hash, 'Correct-horse-1')).toBe(true);
    expect(await hasher.verify(hash, 'Correct-horse-2')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('answers false for a stored value it cannot read, rather than failing the login', async () => {
    expect(await hasher.verify('$argon2id$broken', 'anything')).toBe(false);
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
    // Shaped like a hash, but argon2 cannot read it (a 4-byte salt): the thread answers no match.
    expect(await hasher.verify('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'anything')).toBe(false);
    expect(hasher.needsRehash('not a hash')).toBe(true);
    expect(hasher.needsRehash('$argon2id$v=19$m=19456,t=2$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('verifies hashes made with other parameters and with bcrypt, and asks for both to be replaced', async () => {
    const others = hashSync('Other-params1', { algorithm: Algorithm.Argon2id, memoryCost: 8_192, timeCost: 3, parallelism: 2 });
    expect(await hasher.verify(others, 'Other-params1')).toBe(true);
    expect(hasher.needsRehash(others)).toBe(true);
    const argon2i = hashSync('Other-params1', { algorithm: Algorithm.Argon2i, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await hasher.verify(argon2i, 'Other-params1')).toBe(true);
    expect(hasher.needsRehash(argon2i)).toBe(true);
    const version16 = hashSync('Old-version1', { version: Version.V0x10, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(version16).toMatch(/^\$argon2id\$v=16\$/);
    expect(await hasher.verify(version16, 'Old-version1')).toBe(true);
    expect(hasher.needsRehash(version16)).toBe(true);
    // The reference implementation before version 0x13 wrote no `v=`.
    expect(hasher.needsRehash('$argon2id$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    const legacy = bcrypt.hashSync('Legacy-pass1', 4);
    expect(await hasher.verify(legacy, 'Legacy-pass1')).toBe(true);
    expect(await hasher.verify(legacy, 'Legacy-pass2')).toBe(false);
    expect(hasher.needsRehash(legacy)).toBe(true);
  });

  it('does not replace a hash with the same parameters written in another order (as node-argon2 writes them)', async () => {
    const earlier = '$argon2id$v=19$m=19456,p=1,t=2$sC9IqjkBliKBgxV/qSl5oQ$VilFTG6S5LLeM7DK9t8y/YGRo9cQilFSUaz1l1lQMUg';
    expect(await hasher.verify(earlier, 'Earlier-release1')).toBe(true);
    expect(hasher.needsRehash(earlier)).toBe(false);
  });

  it('fails a check asked for after it stopped, instead of calling the password wrong', async () => {
    const stopped = new PasswordHasher();
    const hash = await stopped.hash('Correct-horse-1');
    await stopped.onApplicationShutdown();
    await expect(stopped.verify(hash, 'Correct-horse-1')).rejects.toThrow('Password hashing has stopped');
  });
});
