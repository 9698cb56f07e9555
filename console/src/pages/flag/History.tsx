import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { api, data } from '../../api/client';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || typeof value !== 'object';
const shown = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What changed between two recorded states, key by key, as a person reads it: "parameters.rollout: 25 → 50",
 * "constraints.0.values: added fr, it"; lists of objects (strategies, constraints, variants) item by item.
 */
export function changesBetween(before: unknown, after: unknown, prefix = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const name = prefix.slice(0, -1) || 'value';
  // What was added or removed is compared with nothing of its kind, so its parts are listed one by one.
  if (before == null && (isObject(after) || Array.isArray(after))) return changesBetween(Array.isArray(after) ? [] : {}, after, prefix);
  if (after == null && (isObject(before) || Array.isArray(before))) return changesBetween(before, Array.isArray(before) ? [] : {}, prefix);
  if (isObject(before) && isObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      changesBetween(before[key], after[key], `${prefix}${key}.`),
    );
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if ([...before, ...after].every(isScalar)) {
      const added = after.filter((value) => !before.includes(value));
      const removed = before.filter((value) => !after.includes(value));
      if (added.length + removed.length === 0) return [`${name}: reordered to ${after.map(shown).join(', ')}`];
      return [
        ...(added.length ? [`${name}: added ${added.map(shown).join(', ')}`] : []),
        ...(removed.length ? [`${name}: removed ${removed.map(shown).join(', ')}`] : []),
      ];
    }
    return Array.from({ length: Math.max(before.length, after.length) }, (_, at) =>
      changesBetween(before[at], after[at], `${prefix}${at}.`),
    ).flat();
  }
  return [`${name}: ${shown(before)} → ${shown(after)}`];
}

/** The flag's events, newest first: what changed, who and when. */
export default function History({ flag }: { flag: string }) {
  const events = useQuery({
    queryKey: ['feature-events', flag],
    queryFn: () => data(api.GET('/api/admin/events/{featureName}', { params: { path: { featureName: flag } } })),
  });
  if (events.error) return <p role="alert">{events.error.message}</p>;
  if (!events.data) return <span className="skeleton" role="status" aria-label="Loading history" />;
  return (
    <ol className="history">
      {events.data.events.map((event) => (
        <li key={event.id}>
          <div>
            <strong>{event.type}</strong>
            {event.environment && <> in {event.environment}</>} by {event.createdBy},{' '}
            <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString()}</time>
          </div>
          <Changes id={event.id} changes={changesBetween(event.preData ?? {}, event.data ?? {})} />
        </li>
      ))}
    </ol>
  );
}

const FIRST_CHANGES = 12;

/** An event's changes: the first twelve, the rest on request (a created flag lists every property). */
function Changes({ id, changes }: { id: number; changes: string[] }) {
  const [all, setAll] = useState(false);
  return (
    <>
      <ul className="changes">
        {(all ? changes : changes.slice(0, FIRST_CHANGES)).map((change) => (
          <li key={change}>
            <code>{change}</code>
          </li>
        ))}
      </ul>
      {!all && changes.length > FIRST_CHANGES && (
        <Button className="button quiet" onPress={() => setAll(true)} aria-label={`Show all ${changes.length} changes of event ${id}`}>
          Show all {changes.length} changes
        </Button>
      )}
    </>
  );
}
