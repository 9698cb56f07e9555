import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

/** What changed between two recorded states, key by key: "rollout: 25 → 50". */
export function changesBetween(before: unknown, after: unknown, prefix = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      changesBetween(before[key], after[key], `${prefix}${key}.`),
    );
  }
  const shown = (value: unknown) =>
    value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return [`${prefix.slice(0, -1) || 'value'}: ${shown(before)} → ${shown(after)}`];
}

/** The flag's events, newest first: what changed, who and when. */
export function History({ flag }: { flag: string }) {
  const events = useQuery({
    queryKey: ['feature-events', flag],
    queryFn: () => data(api.GET('/api/admin/events/{featureName}', { params: { path: { featureName: flag } } })),
  });
  if (events.error) return <p role="alert">{events.error.message}</p>;
  if (!events.data) return <span className="skeleton" aria-label="Loading history" />;
  return (
    <ol className="history">
      {events.data.events.map((event) => (
        <li key={event.id}>
          <div>
            <strong>{event.type}</strong>
            {event.environment && <> in {event.environment}</>} by {event.createdBy},{' '}
            <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString()}</time>
          </div>
          <ul className="changes">
            {changesBetween(event.preData ?? {}, event.data ?? {})
              .slice(0, 12)
              .map((change) => (
                <li key={change}>
                  <code>{change}</code>
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
