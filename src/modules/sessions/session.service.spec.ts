import { hashSecret } from '../../core/access/secrets.js';
import { failure } from '../../core/testing/failure.js';
import { testConfig } from '../../core/testing/config.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { fakeRequest, fakeResponse } from '../../core/testing/http.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { publicSessionId, SessionService } from './session.service.js';
import { FakeSessionStore } from './testing/session-store.fake.js';

function setup() {
  const store = new FakeSessionStore();
  const clock = new FixedClock(new Date('2024-05-01T10:00:00.000Z'));
  const config = testConfig({ basePath: '/flags', session: { secret: 'session-spec-secret-0123', maxParallelSessions: 2, ttlHours: 1 } });
  const { events, eventStore } = recordingEvents(clock);
  return { service: new SessionService(store, events, fakeDatabase(), clock, config), store, clock, recorded: eventStore.recorded };
}

describe('SessionService', () => {
  it('stores only the digest of a new session id and sets the signed cookie under the base path', async () => {
    const { service, store } = setup();
    const response = fakeResponse();
    expect(await service.start(3, fakeRequest(), response)).toEqual({ deletedSessions: 0 });
    const [cookie] = response.setCookies;
    const id = /^unleash-session=s%3A([0-9a-f]{64})\./.exec(cookie)![1];
    expect(cookie).toContain('Path=/flags; Expires=Wed, 01 May 2024 11:00:00 GMT; HttpOnly; SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(store.rows).toEqual([
      {
        idHash: hashSecret(id),
        userId: 3,
        createdAt: new Date('2024-05-01T10:00:00.000Z'),
        expiresAt: new Date('2024-05-01T11:00:00.000Z'),
        address: null,
        userAgent: null,
        lastSeenAt: null,
      },
    ]);
  });

  it('keeps at most the configured number of sessions per user, the newest, and drops expired ones', async () => {
    const { service, store, clock } = setup();
    await service.start(3, fakeRequest(), fakeResponse());
    clock.advance(1000);
    await service.start(3, fakeRequest(), fakeResponse());
    clock.advance(1000);
    await service.start(4, fakeRequest(), fakeResponse());
    expect(await service.start(3, fakeRequest(), fakeResponse())).toEqual({ deletedSessions: 1 });
    expect(store.rows.map((row) => [row.userId, row.createdAt.toISOString()])).toEqual([
      [3, '2024-05-01T10:00:01.000Z'],
      [4, '2024-05-01T10:00:02.000Z'],
      [3, '2024-05-01T10:00:02.000Z'],
    ]);
    clock.advance(3600_000);
    await service.start(5, fakeRequest(), fakeResponse());
    expect(store.rows.map((row) => row.userId)).toEqual([5]);
  });

  it('ends the session of the cookie and clears the cookie; a forged cookie ends nothing', async () => {
    const { service, store } = setup();
    const started = fakeResponse();
    await service.start(3, fakeRequest(), started);
    const cookie = started.setCookies[0].split(';')[0];
    const forged = fakeResponse();
    await service.end(fakeRequest(cookie.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))), forged);
    expect(store.rows).toHaveLength(1);
    expect(forged.setCookies).toEqual(['unleash-session=; Path=/flags; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax']);
    await service.end(fakeRequest(cookie), fakeResponse());
    expect(store.rows).toEqual([]);
  });

  it('lists the own active sessions with where they came from, marks the current one, and ends one by its id', async () => {
    const { service, store, clock, recorded } = setup();
    const request = { headers: { 'user-agent': 'Firefox' }, ip: '203.0.113.7', secure: false } as never;
    const first = fakeResponse();
    await service.start(3, request, first);
    clock.advance(1000);
    await service.start(3, fakeRequest(), fakeResponse());
    await store.markSeen(store.rows[0].idHash, new Date('2024-05-01T10:00:30.000Z'));
    const firstCookie = first.setCookies[0].split(';')[0];
    const listed = await service.list(3, fakeRequest(firstCookie));
    expect(listed).toEqual([
      {
        id: publicSessionId(store.rows[1].idHash),
        createdAt: '2024-05-01T10:00:01.000Z',
        lastSeenAt: null,
        expiresAt: '2024-05-01T11:00:01.000Z',
        address: null,
        userAgent: null,
        current: false,
      },
      {
        id: publicSessionId(store.rows[0].idHash),
        createdAt: '2024-05-01T10:00:00.000Z',
        lastSeenAt: '2024-05-01T10:00:30.000Z',
        expiresAt: '2024-05-01T11:00:00.000Z',
        address: '203.0.113.7',
        userAgent: 'Firefox',
        current: true,
      },
    ]);
    const actor = { userId: 3, username: 'ada' };
    expect((await failure(service.endOwn(4, listed[1].id, actor))).message).toBe(`You have no active session with id ${listed[1].id}.`);
    await service.endOwn(3, listed[1].id, actor);
    expect(store.rows).toHaveLength(1);
    expect(recorded).toEqual([{ type: 'session-ended', actor, data: { userId: 3, sessionId: listed[1].id } }]);
  });
});
