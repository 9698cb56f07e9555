import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button, Dialog, DialogTrigger, Input, Label, Link, Popover, SearchField } from 'react-aria-components';
import { api, data } from '../api/client';
import { usePermissions } from '../app/permissions';
import { EnvironmentSwitch } from '../ui/EnvironmentSwitch';
import { Pager } from '../ui/Pager';
import { useDebounced } from '../ui/useDebounced';
import { type UrlChangeOptions, useUrlParams } from '../ui/useUrlParams';
import { FilterEditor } from './flags/FilterEditor';
import { describeFilter, FILTERS } from './flags/filters';
import { useToggle } from './flags/useToggle';

const PAGE_SIZE = 25;
// Every column but the name is left out on a narrow screen (the `wide-only` class), so a row's switches stay in view.
const SORTABLE = [
  { key: 'name', label: 'Name' },
  { key: 'project', label: 'Project' },
  { key: 'type', label: 'Type' },
  { key: 'createdAt', label: 'Created' },
  { key: 'lastSeenAt', label: 'Last seen' },
];

/** The flags page (the spec's feature search): every view it shows is in its URL, and costs one search request. */
export default function FlagsPage() {
  const [params, change] = useUrlParams();
  const [text, setText] = useState(params.get('query') ?? '');
  const query = useDebounced(text.trim(), 300);
  const [message, setMessage] = useState<string>();
  const toggle = useToggle(setMessage);
  const can = usePermissions();
  const queryClient = useQueryClient();

  const update = (changes: Record<string, string | string[] | undefined>, options: UrlChangeOptions = {}) =>
    change(changes, { replace: true, ...options });

  useEffect(() => {
    if ((params.get('query') ?? '') !== query) update({ query: query || undefined });
    // Only a settled search text changes the URL; the URL's other changes keep the text as typed.
  }, [query]);

  const offset = Number(params.get('offset') ?? 0) || 0;
  const sortBy = params.get('sortBy') ?? 'createdAt';
  const sortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = useMemo(() => {
    const request: Record<string, string | string[]> = { offset: String(offset), limit: String(PAGE_SIZE), sortBy, sortOrder };
    for (const [key, value] of params) if (key !== 'offset' && key !== 'status') request[key] = value;
    const status = params.getAll('status');
    if (status.length) request.status = status;
    return request;
  }, [params, offset, sortBy, sortOrder]);

  const result = useQuery({
    queryKey: ['search', search],
    queryFn: () => data(api.GET('/api/admin/search/features', { params: { query: search } })),
    placeholderData: keepPreviousData,
  });

  const favorite = useMutation({
    mutationFn: ({ project, flag, on }: { project: string; flag: string; on: boolean }) => {
      const path = { projectId: project, featureName: flag };
      return on
        ? data(api.POST('/api/admin/projects/{projectId}/features/{featureName}/favorites', { params: { path } }))
        : data(api.DELETE('/api/admin/projects/{projectId}/features/{featureName}/favorites', { params: { path } }));
    },
    onError: (error) => setMessage(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['search'] }),
  });

  const features = result.data?.features ?? [];
  const total = result.data?.total ?? 0;
  const environments = useMemo(() => {
    const seen = new Map<string, { name: string; type: string; sortOrder: number }>();
    for (const feature of features) for (const env of feature.environments) if (!seen.has(env.name)) seen.set(env.name, env);
    return [...seen.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  }, [features]);

  const activeFilters = FILTERS.filter((filter) => params.get(filter.key));
  const statuses = params.getAll('status');
  const sortLabel = (key: string) => (sortBy === key ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none');

  return (
    <section aria-labelledby="flags-heading" className="page">
      <div className="page-header">
        <h1 id="flags-heading">Flags</h1>
      </div>
      <div className="toolbar">
        <SearchField className="field search" value={text} onChange={setText}>
          <Label>Search</Label>
          <Input placeholder="Name, description or tag" />
        </SearchField>
        <DialogTrigger>
          <Button className="button">Add filter</Button>
          <Popover className="popover" placement="bottom start">
            <Dialog aria-label="Add filter" className="dialog">
              {({ close }) => (
                <FilterEditor
                  onApply={(key, value) => {
                    update({ [key]: value });
                    close();
                  }}
                  onApplyStatus={(value) => {
                    update({ status: [...statuses.filter((existing) => existing.split(':')[0] !== value.split(':')[0]), value] });
                    close();
                  }}
                />
              )}
            </Dialog>
          </Popover>
        </DialogTrigger>
      </div>
      {(activeFilters.length > 0 || statuses.length > 0) && (
        <ul className="chips" aria-label="Filters">
          {activeFilters.map((filter) => (
            <li key={filter.key} className="chip">
              <span>{describeFilter(filter, params.get(filter.key)!)}</span>
              <Button
                className="chip-remove"
                aria-label={`Remove filter ${filter.label}`}
                onPress={() => update({ [filter.key]: undefined })}
              >
                ×
              </Button>
            </li>
          ))}
          {statuses.map((status) => {
            const [environment, state] = status.split(':');
            return (
              <li key={status} className="chip">
                <span>
                  {state === 'enabled' ? 'On' : 'Off'} in {environment}
                </span>
                <Button
                  className="chip-remove"
                  aria-label={`Remove filter ${state === 'enabled' ? 'on' : 'off'} in ${environment}`}
                  onPress={() => update({ status: statuses.filter((existing) => existing !== status) })}
                >
                  ×
                </Button>
              </li>
            );
          })}
          <li>
            <Button
              className="button quiet"
              onPress={() => update(Object.fromEntries([...FILTERS.map((f) => [f.key, undefined]), ['status', undefined]]))}
            >
              Clear filters
            </Button>
          </li>
        </ul>
      )}
      {message && (
        <div role="alert" className="notice error">
          {message}
          <Button className="button quiet" onPress={() => setMessage(undefined)}>
            Dismiss
          </Button>
        </div>
      )}
      {result.error && (
        <p role="alert" className="notice error">
          {result.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Flags" aria-busy={result.isFetching}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Favorite</span>
              </th>
              {SORTABLE.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortLabel(column.key)}
                  className={column.key === 'name' ? undefined : 'wide-only'}
                >
                  <Button
                    className="sort"
                    onPress={() => update({ sortBy: column.key, sortOrder: sortBy === column.key && sortOrder === 'asc' ? 'desc' : 'asc' })}
                  >
                    {column.label}
                    <span aria-hidden="true">{sortBy === column.key ? (sortOrder === 'asc' ? ' ↑' : ' ↓') : ''}</span>
                  </Button>
                </th>
              ))}
              <th scope="col" className="wide-only">
                Tags
              </th>
              {environments.map((env) => (
                <th key={env.name} scope="col" className={env.type === 'production' ? 'production' : undefined}>
                  {env.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.isPending &&
              Array.from({ length: 5 }, (_, index) => (
                <tr key={index} aria-hidden="true">
                  <td colSpan={7}>
                    <span className="skeleton" />
                  </td>
                </tr>
              ))}
            {features.map((feature) => (
              <tr key={`${feature.project}/${feature.name}`}>
                <td>
                  <Button
                    className="star"
                    aria-label={feature.favorite ? `Remove ${feature.name} from favorites` : `Add ${feature.name} to favorites`}
                    aria-pressed={feature.favorite}
                    onPress={() => favorite.mutate({ project: feature.project, flag: feature.name, on: !feature.favorite })}
                  >
                    {feature.favorite ? '★' : '☆'}
                  </Button>
                </td>
                <td>
                  <Link href={`/flags/${encodeURIComponent(feature.project)}/${encodeURIComponent(feature.name)}`} className="flag-link">
                    {feature.name}
                  </Link>
                  {feature.stale && <span className="badge warning">stale</span>}
                  {feature.description && <div className="muted small">{feature.description}</div>}
                </td>
                <td className="wide-only">{feature.project}</td>
                <td className="wide-only">{feature.type}</td>
                <td className="wide-only">{new Date(feature.createdAt).toLocaleDateString()}</td>
                <td className="wide-only">{feature.lastSeenAt ? new Date(feature.lastSeenAt).toLocaleString() : 'never'}</td>
                <td className="wide-only">
                  {feature.tags.map((tag) => (
                    <span key={`${tag.type}:${tag.value}`} className="badge">
                      {tag.type}:{tag.value}
                    </span>
                  ))}
                </td>
                {environments.map((env) => {
                  const state = feature.environments.find((candidate) => candidate.name === env.name);
                  return (
                    <td key={env.name}>
                      {state && (
                        <EnvironmentSwitch
                          flag={feature.name}
                          environment={env.name}
                          environmentType={env.type}
                          enabled={state.enabled}
                          disabledReason={can('UPDATE_FEATURE_ENVIRONMENT', { project: feature.project, environment: env.name }).reason}
                          onChange={(enabled) =>
                            toggle.mutate({ project: feature.project, flag: feature.name, environment: env.name, enabled })
                          }
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.isSuccess && features.length === 0 && (
        <div className="empty">
          <p>No flag matches this view.</p>
        </div>
      )}
      <Pager
        offset={offset}
        pageSize={PAGE_SIZE}
        total={total}
        noun="flags"
        onOffset={(next) => update({ offset: String(next) }, { keepPage: true })}
      />
    </section>
  );
}
