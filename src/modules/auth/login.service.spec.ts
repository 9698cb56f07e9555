import { failure } from '../../core/testing/failure.js';
import { fakeRequest, fakeResponse } from '../../core/testing/http.js';
import { accountLockKey } from './lockout-policy.js';
import { authServices } from './testing/auth-services.js';

const INVALID =
  'The combination of password and username you provided is invalid. If you have forgotten your password, visit /forgotten-password or get in touch with your instance administrator.';
const LOCKED =
  'This login is temporarily locked after too many failed attempts. Try again in 10 minutes, or ask your instance administrator to unlock it.';

describe('LoginService and SignInService', () => {
  it('verifies by email ignoring case, then signs in: a session cookie, failures forgotten, seenAt now, an event', async () => {
    const { login, signIn, lockout, users, ada, sessionStore, clock, recorded } = authServices();
    await lockout.recordFailure(accountLockKey(ada.id), ada.id, clock.now());
    const verified = await login.verify({ username: ' ADA@example.com ', password: 'right' }, fakeRequest());
    expect(verified).toEqual({ personId: ada.id, method: 'password', upgradedHash: undefined, lockKey: accountLockKey(ada.id) });
    const response = fakeResponse();
    const user = await signIn.signIn(ada.id, verified, fakeRequest(), response);
    expect(user).toMatchObject({ id: ada.id, username: 'ada', loginAttempts: 0, seenAt: '2024-05-01T10:00:00.000Z' });
    expect(users.row(ada.id)!.login_attempts).toBe(0);
    expect(sessionStore.rows.map((row) => row.userId)).toEqual([ada.id]);
    expect(response.setCookies[0]).toMatch(/^unleash-session=s%3A/);
    expect(recorded.at(-1)).toEqual({
      type: 'user-logged-in',
      actor: { userId: ada.id, username: 'ada', ip: undefined },
      data: { id: ada.id, username: 'ada', email: 'ada@example.com', method: 'password' },
    });
  });

  it('answers the same 401 for a wrong password, an unknown name and a service account, each checking a hash and recorded', async () => {
    const { login, hasher, ada, bot, recorded } = authServices();
    for (const username of ['ada', 'nobody', 'bot']) {
      expect(await failure(login.verify({ username, password: 'wrong' }, fakeRequest()))).toMatchObject({
        name: 'AuthenticationRequired',
        message: INVALID,
      });
    }
    // This hasher finds the fixed argon2id dummy hash outdated: one replacement is made, once, for every such check.
    expect(hasher.hashed).toHaveLength(1);
    expect(recorded.map((event) => event.data)).toEqual([
      { loginName: 'ada', userId: ada.id, reason: 'invalid' },
      { loginName: 'nobody', userId: null, reason: 'invalid' },
      { loginName: 'bot', userId: null, reason: 'invalid' },
    ]);
    expect(bot.id).not.toBe(ada.id);
  });

  it('locks the account, not the name: failures under the username lock the email too, even with the right password', async () => {
    const { login, users, ada, recorded } = authServices();
    for (const username of ['ada', 'ADA@example.com', 'ada']) await failure(login.verify({ username, password: 'wrong' }, fakeRequest()));
    expect(users.row(ada.id)!.login_attempts).toBe(3);
    for (const username of ['ada', 'ada@example.com'])
      expect((await failure(login.verify({ username, password: 'right' }, fakeRequest()))).message).toBe(LOCKED);
    expect(recorded.at(-1)).toMatchObject({
      type: 'user-login-failed',
      data: { loginName: 'ada@example.com', userId: ada.id, reason: 'locked' },
    });
  });

  it('replaces an outdated hash with a fresh one at a successful login', async () => {
    const { login, signIn, users, ada, hasher } = authServices();
    hasher.needsRehash = (hash) => hash === 'fake:right';
    const verified = await login.verify({ username: 'ada', password: 'right' }, fakeRequest());
    expect(hasher.hashed).toEqual(['right']);
    await signIn.signIn(ada.id, verified, fakeRequest(), fakeResponse());
    expect(users.row(ada.id)!.password_hash).toBe('fake:right');
  });

  it('ends the session the browser came with: a new session id at every sign-in', async () => {
    const { signIn, ada, sessionStore } = authServices();
    const first = fakeResponse();
    await signIn.signIn(ada.id, { method: 'password' }, fakeRequest(), first);
    const planted = first.setCookies[0].split(';')[0];
    const [before] = sessionStore.rows;
    await signIn.signIn(ada.id, { method: 'password' }, fakeRequest(planted), fakeResponse());
    expect(sessionStore.rows).toHaveLength(1);
    expect(sessionStore.rows[0].idHash).not.toBe(before.idHash);
  });
});
