import { failure } from '../../core/testing/failure.js';
import { ACTOR } from '../../core/testing/principals.js';
import { authServices } from './testing/auth-services.js';

describe('LockoutService', () => {
  it('locks a name at the threshold for the configured minutes, doubling with the next lock', async () => {
    const { lockout, failures, clock } = authServices();
    const now = clock.now();
    for (let i = 0; i < 3; i++) await lockout.recordFailure('nobody', undefined, now);
    expect(await lockout.remainingLock('nobody', now)).toBe(10 * 60_000);
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await lockout.remainingLock('nobody', later)).toBe(0);
    for (let i = 0; i < 3; i++) await lockout.recordFailure('nobody', undefined, later);
    expect(await lockout.remainingLock('nobody', later)).toBe(20 * 60_000);
    expect(failures.rows.get('nobody')).toMatchObject({ failedCount: 0, lockCount: 2 });
  });

  it("counts a person's failures on the account too, and a success clears the name", async () => {
    const { lockout, users, ada, failures, clock } = authServices();
    await lockout.recordFailure('ada', ada.id, clock.now());
    await lockout.recordFailure('ada', ada.id, clock.now());
    expect(users.row(ada.id)!.login_attempts).toBe(2);
    await lockout.clear('ada');
    expect(failures.rows.size).toBe(0);
  });

  it("unlocks a person's username and email, resets the count and records what was locked", async () => {
    const { lockout, ada, failures, users, clock, recorded } = authServices();
    for (let i = 0; i < 3; i++) await lockout.recordFailure('ada@example.com', ada.id, clock.now());
    const user = await lockout.unlock(ada.id, ACTOR);
    expect(user.loginAttempts).toBe(0);
    expect(failures.rows.size).toBe(0);
    expect(users.row(ada.id)!.login_attempts).toBe(0);
    const who = { id: ada.id, username: 'ada', email: 'ada@example.com' };
    expect(recorded).toEqual([
      {
        type: 'user-unlocked',
        actor: ACTOR,
        data: { ...who, loginAttempts: 0, locked: false },
        preData: { ...who, loginAttempts: 3, locked: true },
      },
    ]);
  });

  it('records nothing when there was nothing to unlock, and answers 404 for a service account', async () => {
    const { lockout, ada, bot, recorded } = authServices();
    await lockout.unlock(ada.id, ACTOR);
    expect(recorded).toEqual([]);
    expect((await failure(lockout.unlock(bot.id, ACTOR))).message).toBe(`Could not find user with id ${bot.id}.`);
  });
});
