import argon2 from 'argon2';
import { CONCURRENT_HASHES, PASSWORD_HASH_OPTIONS, PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hashes with argon2id at m=19 MiB, t=2, p=1, verifies the password, and upgrades other parameters', async () => {
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    const weaker = await argon2.hash('correct horse', { ...PASSWORD_HASH_OPTIONS, memoryCost: 8192 });
    expect(await hasher.verify(weaker, 'correct horse')).toBe(true);
    expect(hasher.needsRehash(weaker)).toBe(true);
  });

  it('runs at most one hash fewer than the cores at once (at least one), and every caller gets its own answer', async () => {
    expect(CONCURRENT_HASHES).toBe(Math.max(1, (await import('node:os')).availableParallelism() - 1));
    let running = 0;
    let most = 0;
    const hashOf = vi.spyOn(argon2, 'hash').mockImplementation(async (password) => {
      most = Math.max(most, ++running);
      await new Promise((done) => setTimeout(done, 5));
      running--;
      return `hashed:${String(password)}`;
    });
    const hasher = new PasswordHasher();
    const passwords = Array.from({ length: CONCURRENT_HASHES + 5 }, (_, i) => `password-${i}`);
    expect(await Promise.all(passwords.map((password) => hasher.hash(password)))).toEqual(passwords.map((p) => `hashed:${p}`));
    expect(hashOf).toHaveBeenCalledTimes(passwords.length);
    expect(most).toBe(CONCURRENT_HASHES);
  });
});
