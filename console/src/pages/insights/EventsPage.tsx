import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, data, type Schemas } from '../../api/client';
import { Pager } from '../../ui/Pager';
import { Pick } from '../../ui/Pick';
import { ResourcePage } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';
import { useDebounced } from '../../ui/useDebounced';
import { useUrlParams } from '../../ui/useUrlParams';

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
  const [params, update] = useUrlParams();
  const offset = Number(params.get('offset') ?? 0);
  const filters = useDebounced(params.toString(), 300);
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
  const total = events.data?.total ?? 0;

  return (
    <ResourcePage
      title="Event log"
      tableLabel="Events"
      toolbar={
        <div className="toolbar" role="search" aria-label="Event filters">
          {TEXT_FILTERS.map(({ key, label }) => (
            <TextInput key={key} label={label} value={params.get(key) ?? ''} onChange={(value) => update({ [key]: value })} />
          ))}
          <Pick
            label="Created by"
            name="createdBy"
            noneLabel="Anyone"
            items={(creators.data ?? []).map((creator) => ({ id: String(creator.id), name: creator.name }))}
            value={params.get('createdBy') ?? undefined}
            onChange={(value) => update({ createdBy: value })}
          />
          <TextInput label="From" type="date" value={params.get('from') ?? ''} onChange={(value) => update({ from: value })} />
          <TextInput label="To" type="date" value={params.get('to') ?? ''} onChange={(value) => update({ to: value })} />
        </div>
      }
      list={{ rows: events.data?.events, isFetching: events.isFetching, error: events.error }}
      rowKey={(event) => event.id}
      columns={[
        { header: 'When', cell: (event) => new Date(event.createdAt).toLocaleString() },
        { header: 'Type', cell: (event) => event.type },
        { header: 'Flag', cell: (event) => event.featureName },
        { header: 'Project', cell: (event) => event.project },
        { header: 'Environment', cell: (event) => event.environment },
        { header: 'Created by', cell: (event) => event.createdBy },
      ]}
      actionsLabel="Changes"
      details={{ show: 'Changes', hide: 'Hide changes', of: (event) => `event ${event.id}`, render: (event) => <Changes event={event} /> }}
      empty="No events match."
    >
      <Pager
        offset={offset}
        pageSize={PAGE_SIZE}
        total={total}
        noun="events"
        onOffset={(next) => update({ offset: String(next) }, { keepPage: true })}
      />
    </ResourcePage>
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
