import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { EVENT } from './event-types.js';
import { recordingEvents } from './testing/event-store.fake.js';

describe('EventService', () => {
  it('stores an event at the time of the clock, with its actor', async () => {
    const clock = new FixedClock(new Date('2024-02-03T04:05:06.000Z'));
    const { events, eventStore } = recordingEvents(clock);
    await events.record({ type: EVENT.TAG_TYPE_CREATED, actor: ACTOR, data: { name: 'simple' } });
    expect(eventStore.rows).toEqual([
      {
        id: 1,
        type: 'tag-type-created',
        createdBy: 'someone',
        createdByUserId: 7,
        createdAt: '2024-02-03T04:05:06.000Z',
        project: null,
        featureName: null,
        environment: null,
        data: { name: 'simple' },
        preData: null,
        tags: [],
      },
    ]);
  });

  it('skips an event whose data deep-equals its previous data, but keeps one without previous data', async () => {
    const { events, eventStore } = recordingEvents();
    await events.record({ type: EVENT.TAG_TYPE_UPDATED, actor: ACTOR, data: { a: [1, { b: 2 }] }, preData: { a: [1, { b: 2 }] } });
    expect(eventStore.rows).toEqual([]);
    await events.record({ type: EVENT.TAG_TYPE_UPDATED, actor: ACTOR, data: { a: [1, { b: 3 }] }, preData: { a: [1, { b: 2 }] } });
    await events.record({ type: EVENT.TAG_TYPE_DELETED, actor: ACTOR, preData: { a: 1 } });
    expect(eventStore.types()).toEqual(['tag-type-updated', 'tag-type-deleted']);
  });

  it('lists newest first with the store filters and the total before paging', async () => {
    const { events } = recordingEvents();
    for (const project of ['a', 'b', 'a', 'a']) await events.record({ type: EVENT.PROJECT_CREATED, actor: ACTOR, project });
    const page = await events.list({ project: 'a', offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.events.map((event) => event.id)).toEqual([3]);
  });
});
