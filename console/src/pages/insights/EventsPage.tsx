import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { api, data, type Schemas } from '../../api/client';
import { Pick } from '../../ui/Pick';
import { useDebounced } from '../../ui/useDebounced';

type Event = Schemas['eventSchema'];
const PAGE_SIZE = 25;
/** The filters kept in the URL, so a filtered log can be bookmarked and shared. */
const TEXT_FILTERS = [
  { key: 'query', label: 'Search' },
  { key: 'type', label: 'Type' },
  { key: 'feature', label: 'Flag' },
  { key: 'project', label: 'Project' },
] as const;

/** `IS:value` as the search API expects it; nothing when empty. */
const is = (value: string | null) => (value ? `IS:${value}` : undefined);

/** The audit log: every change, newest first, filtered on the server, a page at a time. */
export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const offset = Number(params.get('offset') ?? 0);
  const filters = useDebounced(params.toString(), 300);
  const update = (changes: Record<string, string | undefined>, resetPage = true) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ ...changes, ...(resetPage && { offset: undefined }) }))
        if (value) next.set(key, value);
        else next.delete(key);
      return next;
    });
  const creators = useQuery({ queryKey: ['event-creators'], queryFn: () => data(api.GET('/api/admin/event-creators')) });
  const events = useQuery({
    queryKey: ['events', filters],
    placeholderData: keepPreviousData,
    queryFn: () => {
      const given = new URLSearchParams(filters);
      return data(
        api.GET('/api/admin/search/events', {
          params: {
            query: {
              query: given.get('query') || undefined,
              type: is(given.get('type')),
              feature: is(given.get('feature')),
              project: is(given.get('project')),
              createdBy: is(given.get('createdBy')),
              from: is(given.get('from')),
              to: is(given.get('to')),
              offset: given.get('offset') ?? '0',
              limit: String(PAGE_SIZE),
            },
          },
        }),
      );
    },
  });
  const [open, setOpen] = useState<number>();
  const total = events.data?.total ?? 0;

  return (
    <section aria-labelledby="events-heading" className="page">
      <div className="page-header">
        <h1 id="events-heading">Event log</h1>
      </div>
      <div className="toolbar" role="search" aria-label="Event filters">
        {TEXT_FILTERS.map(({ key, label }) => (
          <TextField key={key} className="field" value={params.get(key) ?? ''} onChange={(value) => update({ [key]: value })}>
            <Label>{label}</Label>
            <Input />
          </TextField>
        ))}
        <Pick
          label="Created by"
          name="createdBy"
          noneLabel="Anyone"
          items={(creators.data ?? []).map((creator) => ({ id: String(creator.id), name: creator.name }))}
          value={params.get('createdBy') ?? undefined}
          onChange={(value) => update({ createdBy: value })}
        />
        <TextField className="field" type="date" value={params.get('from') ?? ''} onChange={(value) => update({ from: value })}>
          <Label>From</Label>
          <Input />
        </TextField>
        <TextField className="field" type="date" value={params.get('to') ?? ''} onChange={(value) => update({ to: value })}>
          <Label>To</Label>
          <Input />
        </TextField>
      </div>
      {events.error && (
        <p role="alert" className="notice error">
          {events.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Events" aria-busy={events.isFetching}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Type</th>
              <th scope="col">Flag</th>
              <th scope="col">Project</th>
              <th scope="col">Environment</th>
              <th scope="col">Created by</th>
              <th scope="col">
                <span className="visually-hidden">Changes</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(events.data?.events ?? []).map((event) => (
              <Fragment key={event.id}>
                <tr>
                  <td>{new Date(event.createdAt).toLocaleString()}</td>
                  <td>{event.type}</td>
                  <td>{event.featureName}</td>
                  <td>{event.project}</td>
                  <td>{event.environment}</td>
                  <td>{event.createdBy}</td>
                  <td className="actions">
                    <Button
                      className="button quiet"
                      aria-expanded={open === event.id}
                      onPress={() => setOpen(open === event.id ? undefined : event.id)}
                    >
                      {open === event.id ? 'Hide changes' : 'Changes'}
                      <span className="visually-hidden"> of event {event.id}</span>
                    </Button>
                  </td>
                </tr>
                {open === event.id && (
                  <tr>
                    <td colSpan={7}>
                      <Changes event={event} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
        {events.data?.events.length === 0 && <div className="empty">No events match.</div>}
      </div>
      <nav className="pager" aria-label="Pages">
        <span aria-live="polite">
          {total === 0 ? 'No events' : `${offset + 1}–${Math.min(offset + PAGE_SIZE, total)} of ${total} events`}
        </span>
        <Button
          className="button"
          isDisabled={offset === 0}
          onPress={() => update({ offset: String(Math.max(0, offset - PAGE_SIZE)) }, false)}
        >
          Previous page
        </Button>
        <Button
          className="button"
          isDisabled={offset + PAGE_SIZE >= total}
          onPress={() => update({ offset: String(offset + PAGE_SIZE) }, false)}
        >
          Next page
        </Button>
      </nav>
    </section>
  );
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** The keys whose value changed from the event's preData to its data, each before and after. */
function Changes({ event }: { event: Event }) {
  const before = (event.preData ?? {}) as Record<string, unknown>;
  const after = (event.data ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return <p>No recorded changes.</p>;
  return (
    <table className="table changes" aria-label={`Changes of event ${event.id}`}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <td>{key}</td>
            <td>{shown(before[key])}</td>
            <td>{shown(after[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
