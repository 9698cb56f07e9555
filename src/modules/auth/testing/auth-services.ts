import { ROLE } from '../../../core/access/permissions.js';
import { FakeAccessReadModel } from '../../../core/testing/access-read-model.fake.js';
import { testConfig } from '../../../core/testing/config.js';
import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { FakePasswordHasher } from '../../../core/testing/fake-password-hasher.js';
import { FixedClock } from '../../../core/testing/fixed-clock.js';
import { recordingEvents } from '../../events/testing/event-store.fake.js';
import { SessionService } from '../../sessions/session.service.js';
import { FakeSessionStore } from '../../sessions/testing/session-store.fake.js';
import { FakeUserReadModel } from '../../users/testing/user-read-model.fake.js';
import { FakeUserStore } from '../../users/testing/user-store.fake.js';
import { UserService } from '../../users/user.service.js';
import { LockoutService } from '../lockout.service.js';
import { LoginService } from '../login.service.js';
import { PasswordLoginPort } from '../password-login.port.js';
import { SignInService } from '../sign-in.service.js';
import { FakeLoginFailureStore } from './login-failure-store.fake.js';

/**
 * The auth module's services wired on fakes, with one person `ada` (email ada@example.com, password `right`) and
 * one service account `bot`; the lock threshold is 3 failures of 10 minutes.
 */
export function authServices() {
  const users = new FakeUserStore();
  const ada = users.add({ username: 'ada', email: 'ada@example.com', password_hash: 'fake:right', root_role_id: ROLE.EDITOR });
  const bot = users.add({ username: 'bot', is_service: true });
  const clock = new FixedClock(new Date('2024-05-01T10:00:00.000Z'));
  const config = testConfig({ login: { lockoutThreshold: 3, lockoutMinutes: 10 } });
  const db = fakeDatabase();
  const { events, eventStore } = recordingEvents(clock);
  const hasher = new FakePasswordHasher();
  const sessionStore = new FakeSessionStore();
  const sessions = new SessionService(sessionStore, events, db, clock, config);
  const readModel = new FakeUserReadModel(users);
  const userService = new UserService(users, readModel, new FakeAccessReadModel(), db, events, sessions, hasher, clock, config);
  const failures = new FakeLoginFailureStore();
  const lockout = new LockoutService(failures, userService, readModel, events, db, clock, config);
  const login = new LoginService(readModel, lockout, hasher, events, new PasswordLoginPort(), clock, config);
  const signIn = new SignInService(readModel, userService, lockout, sessions, events, db, clock);
  return { login, signIn, lockout, users, ada, bot, failures, sessionStore, hasher, clock, recorded: eventStore.recorded };
}
