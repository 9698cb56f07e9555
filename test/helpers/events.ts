import type supertest from 'supertest';
import { ADMIN_TOKEN } from './test-app.js';

/** An event as `GET /api/admin/events` answers it. */
export interface RecordedEvent {
  id: number;
  type: string;
  createdBy: string;
  createdByUserId: number | null;
  createdAt: string;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  // The states are whatever the event recorded: each test reads the properties it asserts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  preData: any;
  tags: { type: string; value: string }[];
}

/** The events API's filters; they combine. */
export interface EventFilter {
  feature?: string;
  project?: string;
  type?: string;
}

/** Where the events API is, for an app other than the standalone one (an embedding host: `/flags`, its token). */
export interface EventSource {
  http: () => ReturnType<typeof supertest>;
  prefix?: string;
  token?: string;
}

const PAGE = 1000;

/**
 * The events that `filter` selects (all of them without one), OLDEST FIRST: the order they were recorded, so a
 * list of types reads as the story it tells. Read through the API (every page), as a client would.
 */
export async function eventsOf(app: EventSource, filter: EventFilter = {}): Promise<RecordedEvent[]> {
  const { prefix = '', token = ADMIN_TOKEN } = app;
  const newestFirst: RecordedEvent[] = [];
  for (;;) {
    const query = new URLSearchParams({ ...filter, limit: String(PAGE), offset: String(newestFirst.length) });
    const page: RecordedEvent[] = (await app.http().get(`${prefix}/api/admin/events?${query}`).set('Authorization', token).expect(200)).body
      .events;
    newestFirst.push(...page);
    if (page.length < PAGE) return newestFirst.reverse();
  }
}

/** The most recent event that `filter` selects; the test fails when there is none. */
export async function lastEventOf(app: EventSource, filter: EventFilter = {}): Promise<RecordedEvent> {
  const events = await eventsOf(app, filter);
  if (events.length === 0) throw new Error(`No event matches ${JSON.stringify(filter)}.`);
  return events[events.length - 1];
}
