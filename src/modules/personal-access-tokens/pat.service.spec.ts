import { hashSecret } from '../../core/access/secrets.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { EVENT } from '../events/event-types.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { PatService } from './pat.service.js';
import { FakePatStore } from './testing/pat-store.fake.js';

const PAT_EVENTS = { created: EVENT.PAT_CREATED, deleted: EVENT.PAT_DELETED };
const LATER = '2024-06-01T00:00:00.000Z';

function setup(limit = 2) {
  const store = new FakePatStore();
  const clock = new FixedClock(new Date('2024-05-01T10:00:00.000Z'));
  const { events, eventStore } = recordingEvents(clock);
  const config = testConfig({ limits: { personalAccessTokensPerUser: limit } });
  return { service: new PatService(store, fakeDatabase(), events, clock, config), store, recorded: eventStore.recorded };
}

describe('PatService', () => {
  it('returns the secret once, stores its digest, and records the event without it', async () => {
    const { service, store, recorded } = setup();
    const pat = await service.create(3, { description: ' ci ', expiresAt: LATER }, ACTOR, PAT_EVENTS);
    expect(pat.secret).toMatch(/^user:[0-9a-f]{64}$/);
    expect(store.rows[0]).toMatchObject({ userId: 3, description: 'ci', secretHash: hashSecret(pat.secret), expiresAt: LATER });
    expect(await service.list(3)).toEqual([
      { id: 1, userId: 3, description: 'ci', expiresAt: LATER, createdAt: '2024-05-01T10:00:00.000Z', seenAt: null },
    ]);
    expect(recorded).toEqual([{ type: 'pat-created', actor: ACTOR, data: { id: 1, description: 'ci', expiresAt: LATER, userId: 3 } }]);
  });

  it('refuses an empty description and an expiry that is not in the future', async () => {
    const { service } = setup();
    expect((await failure(service.create(3, { description: '  ', expiresAt: LATER }, ACTOR, PAT_EVENTS))).details).toEqual([
      { path: '/body/description', message: 'PAT description cannot be empty.' },
    ]);
    const past = await failure(service.create(3, { description: 'x', expiresAt: '2024-05-01T10:00:00.000Z' }, ACTOR, PAT_EVENTS));
    expect(past.details?.[0].path).toBe('/body/expiresAt');
  });

  it('refuses a description the owner uses already (409) and more tokens than the limit (403)', async () => {
    const { service } = setup(2);
    await service.create(3, { description: 'a', expiresAt: LATER }, ACTOR, PAT_EVENTS);
    expect(await failure(service.create(3, { description: 'a', expiresAt: LATER }, ACTOR, PAT_EVENTS))).toMatchObject({
      name: 'NameExistsError',
      message: 'PAT description already exists.',
    });
    await service.create(4, { description: 'a', expiresAt: LATER }, ACTOR, PAT_EVENTS);
    await service.create(3, { description: 'b', expiresAt: LATER }, ACTOR, PAT_EVENTS);
    expect(await failure(service.create(3, { description: 'c', expiresAt: LATER }, ACTOR, PAT_EVENTS))).toMatchObject({
      name: 'NoAccessError',
      message: 'Too many PATs (2) already exist for this user.',
    });
  });

  it("finds and deletes only the owner's own tokens", async () => {
    const { service, recorded } = setup();
    const pat = await service.create(3, { description: 'a', expiresAt: LATER }, ACTOR, PAT_EVENTS);
    expect((await failure(service.get(4, pat.id))).message).toBe('Could not find personal access token with id 1.');
    expect((await failure(service.delete(4, pat.id, ACTOR, PAT_EVENTS))).name).toBe('NotFoundError');
    await service.delete(3, pat.id, ACTOR, PAT_EVENTS);
    expect(await service.list(3)).toEqual([]);
    expect(recorded.at(-1)).toEqual({ type: 'pat-deleted', actor: ACTOR, data: { id: 1, description: 'a', userId: 3 } });
  });
});
