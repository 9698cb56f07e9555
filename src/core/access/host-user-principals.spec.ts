import { FakeChangeWatcher } from '../testing/change-watcher.fake.js';
import { testConfig } from '../testing/config.js';
import { FixedClock } from '../testing/fixed-clock.js';
import { fakeRequest } from '../testing/http.js';
import { userPrincipal } from '../testing/principals.js';
import { CREDENTIALS_GENERATION } from '../database/migrations/1700000011000-credential-generation.js';
import type { HostUser, HostUsersOptions } from './host-user.js';
import { HostUserPrincipals } from './host-user-principals.js';

/** Core's side, with a resolver answering whatever the spec puts in `state.answer`, and accounts that count lookups. */
function setup(options: { hostUsers?: HostUsersOptions } = {}) {
  const state: { answer: unknown } = { answer: undefined };
  const hostUsers = 'hostUsers' in options ? options.hostUsers : { resolve: () => state.answer as HostUser };
  const changes = new FakeChangeWatcher();
  const principals = new HostUserPrincipals(testConfig({ hostUsers }), changes, new FixedClock());
  const asked: HostUser[] = [];
  principals.handOver({
    principalFor: async (user) => {
      asked.push(user);
      return userPrincipal(asked.length, { email: user.email, via: 'host' });
    },
  });
  return { state, principals, changes, asked };
}

async function thrownBy(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );
}

describe('HostUserPrincipals', () => {
  it('finds nobody without the hostUsers option', async () => {
    const { principals, asked } = setup({ hostUsers: undefined });
    expect(await principals.principalOf(fakeRequest())).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('finds nobody when the host has no user on the request (undefined or null)', async () => {
    const { state, principals, asked } = setup();
    expect(await principals.principalOf(fakeRequest())).toBeUndefined();
    state.answer = null;
    expect(await principals.principalOf(fakeRequest())).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('hands the resolver the request and the users module its answer', async () => {
    const seen: unknown[] = [];
    const request = fakeRequest();
    const { principals, asked } = setup({
      hostUsers: { resolve: async (r) => (seen.push(r), { email: 'ada@host.test', username: 'ada', name: 'Ada', rootRole: 'Editor' }) },
    });
    expect(await principals.principalOf(request)).toMatchObject({ id: 1, email: 'ada@host.test', via: 'host' });
    expect(seen).toEqual([request]);
    expect(asked).toEqual([{ email: 'ada@host.test', username: 'ada', name: 'Ada', rootRole: 'Editor' }]);
  });

  it('keeps the person per email (ignoring case) and root role until the credentials generation moves', async () => {
    const { state, principals, changes, asked } = setup();
    state.answer = { email: 'ada@host.test', rootRole: 'Viewer' };
    await principals.principalOf(fakeRequest());
    state.answer = { email: ' ADA@host.test', rootRole: 'Viewer' };
    expect(await principals.principalOf(fakeRequest())).toMatchObject({ id: 1 });
    expect(asked).toHaveLength(1);

    state.answer = { email: 'ada@host.test', rootRole: 'Editor' };
    expect(await principals.principalOf(fakeRequest())).toMatchObject({ id: 2 });
    changes.move(CREDENTIALS_GENERATION);
    expect(await principals.principalOf(fakeRequest())).toMatchObject({ id: 3 });
    expect(asked).toHaveLength(3);
  });

  it('turns a resolver that throws into an error naming the option, with the resolver’s error as its cause', async () => {
    const cause = new Error('directory down');
    const { principals } = setup({
      hostUsers: {
        resolve: () => {
          throw cause;
        },
      },
    });
    const error = await thrownBy(principals.principalOf(fakeRequest()));
    expect(error.message).toBe('Flagwright: the `hostUsers.resolve` option threw while finding the host’s user of a request.');
    expect(error.cause).toBe(cause);
  });

  it.each([
    ['a string', 'ada@host.test', 'it answered a string, not an object or undefined'],
    ['no email', { rootRole: 'Viewer' }, 'its user has no `email` (a non-empty string), by which Flagwright matches users'],
    [
      'a blank email',
      { email: '  ', rootRole: 'Viewer' },
      'its user has no `email` (a non-empty string), by which Flagwright matches users',
    ],
    ['a blank username', { email: 'a@host.test', username: '', rootRole: 'Viewer' }, 'its user’s `username` is not a non-empty string'],
    ['a name that is no string', { email: 'a@host.test', name: 42, rootRole: 'Viewer' }, 'its user’s `name` is not a string'],
    [
      'an unknown root role',
      { email: 'a@host.test', rootRole: 'Owner' },
      'its user’s `rootRole` is "Owner", not one of "Admin", "Editor", "Viewer"',
    ],
  ])('refuses an answer with %s, saying what is wrong', async (_, answer, problem) => {
    const { state, principals, asked } = setup();
    state.answer = answer;
    expect((await thrownBy(principals.principalOf(fakeRequest()))).message).toBe(
      `Flagwright: \`hostUsers.resolve\` must answer the host’s user ({ email, rootRole, username?, name? }) or undefined, but ${problem}.`,
    );
    expect(asked).toEqual([]);
  });

  it('says so when no module finds the people host users act as', async () => {
    const principals = new HostUserPrincipals(
      testConfig({ hostUsers: { resolve: () => ({ email: 'a@host.test', rootRole: 'Viewer' }) } }),
      new FakeChangeWatcher(),
      new FixedClock(),
    );
    expect((await thrownBy(principals.principalOf(fakeRequest()))).message).toBe('No module finds the people host users act as.');
  });
});
