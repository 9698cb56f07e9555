import { failure } from '../../core/testing/failure.js';
import { fakeRequest, fakeResponse } from '../../core/testing/http.js';
import { authServices } from './testing/auth-services.js';

const INVALID =
  'The combination of password and username you provided is invalid. If you have forgotten your password, visit /forgotten-password or get in touch with your instance administrator.';

describe('LoginService', () => {
  it('logs in by email ignoring case: a session cookie, failures forgotten, seenAt now', async () => {
    const { login, lockout, users, ada, sessionStore, clock } = authServices();
    await lockout.recordFailure('ada@example.com', ada.id, clock.now());
    const response = fakeResponse();
    const user = await login.login({ username: ' ADA@example.com ', password: 'right' }, fakeRequest(), response);
    expect(user).toMatchObject({ id: ada.id, username: 'ada', loginAttempts: 0, seenAt: '2024-05-01T10:00:00.000Z' });
    expect(users.row(ada.id)!.login_attempts).toBe(0);
    expect(sessionStore.rows.map((row) => row.userId)).toEqual([ada.id]);
    expect(response.setCookies[0]).toMatch(/^unleash-session=s%3A/);
  });

  it('answers the same 401 for a wrong password, an unknown name and a service account, each checking a hash', async () => {
    const { login, hasher, sessionStore } = authServices();
    for (const username of ['ada', 'nobody', 'bot']) {
      expect(await failure(login.login({ username, password: 'wrong' }, fakeRequest(), fakeResponse()))).toMatchObject({
        name: 'AuthenticationRequired',
        message: INVALID,
      });
    }
    // This hasher finds the fixed argon2id dummy hash outdated: one replacement is made, once, for every such check.
    expect(hasher.hashed).toHaveLength(1);
    expect(sessionStore.rows).toEqual([]);
  });

  it('refuses a locked name even with the right password, telling the minutes left', async () => {
    const { login, users, ada } = authServices();
    for (let i = 0; i < 3; i++) await failure(login.login({ username: 'ada', password: 'wrong' }, fakeRequest(), fakeResponse()));
    expect(users.row(ada.id)!.login_attempts).toBe(3);
    expect((await failure(login.login({ username: 'ada', password: 'right' }, fakeRequest(), fakeResponse()))).message).toBe(
      'This login is temporarily locked after too many failed attempts. Try again in 10 minutes, or ask your instance administrator to unlock it.',
    );
  });

  it('replaces an outdated hash with a fresh one at a successful login', async () => {
    const { login, users, ada, hasher } = authServices();
    users.row(ada.id)!.password_hash = 'fake:right';
    hasher.needsRehash = (hash) => hash === 'fake:right';
    await login.login({ username: 'ada', password: 'right' }, fakeRequest(), fakeResponse());
    expect(hasher.hashed).toEqual(['right']);
  });
});
