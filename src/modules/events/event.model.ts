import type { Actor } from '../../core/access/principal.js';
import type { EventType } from './event-types.js';

export interface EventTag {
  type: string;
  value: string;
}

/** What a service records after a change. */
export interface NewEvent {
  type: EventType;
  actor: Actor;
  project?: string;
  featureName?: string;
  environment?: string;
  data?: unknown;
  preData?: unknown;
  tags?: EventTag[];
}

/** An event as `GET /api/admin/events` shows it. */
export interface EventRecord {
  id: number;
  type: string;
  createdBy: string;
  createdByUserId: number | null;
  createdAt: string;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  data: unknown;
  preData: unknown;
  tags: EventTag[];
}

export interface EventQuery {
  project?: string;
  featureName?: string;
  type?: string;
  offset: number;
  limit: number;
}

/** What `GET /api/admin/search/events` asks for: each list filter keeps the events whose field is one of its values. */
export interface EventSearch {
  projects?: string[];
  features?: string[];
  types?: string[];
  environments?: string[];
  ids?: number[];
  createdByUserIds?: number[];
  /** Events created at or after this instant (midnight UTC of the `from` day). */
  from?: Date;
  /** Events created before this instant (midnight UTC after the `to` day: `to` is inclusive). */
  before?: Date;
  /** Matched, ignoring case, as a substring of the event's data, previous data or tags. */
  text?: string;
  /** Callers who are not admins see only the events of a project, as in Unleash. */
  projectEventsOnly: boolean;
  offset: number;
  limit: number;
}

/** Someone who recorded events, named as Unleash names them in `GET /api/admin/event-creators`. */
export interface EventCreator {
  id: number;
  name: string;
}
