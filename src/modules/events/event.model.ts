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
