import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button, GridList, GridListItem, Link, Tab, TabList, TabPanel, Tabs, useDragAndDrop } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { api, ApiError, data, type Schemas } from '../api/client';
import { usePermission, usePermissions } from '../app/permissions';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EnvironmentSwitch } from '../ui/EnvironmentSwitch';
import { GuardedButton } from '../ui/GuardedButton';
import { useUrlParams } from '../ui/useUrlParams';
import './flag/flag.css';
import { DependencySection } from './flag/Dependency';
import { Lifecycle } from './flag/Lifecycle';
import { StrategyEditor, type StrategyTarget } from './flag/StrategyEditor';
import { describeStrategy } from './flag/summary';
import { Tags } from './flag/Tags';
import { useToggle } from './flags/useToggle';

type Feature = Schemas['featureSchema'];
type Environment = Schemas['featureEnvironmentSchema'];

// The tabs other than the overview load their code (and their data) when first shown.
const Variants = lazy(() => import('./flag/Variants'));
const Metrics = lazy(() => import('./flag/Metrics'));
const History = lazy(() => import('./flag/History'));
const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'variants', label: 'Variants' },
  { id: 'metrics', label: 'Metrics' },
  { id: 'history', label: 'History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * A flag (the spec's strategy update): a header with its lifecycle, and tabs kept in the URL (`?tab=`): the overview
 * (per environment its switch and ordered strategies; dependency; tags), variants per environment, metrics, history.
 */
export default function FlagPage() {
  const { projectId = '', featureName = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, changeSearchParams] = useUrlParams();
  const tab: TabId = TABS.find((candidate) => candidate.id === searchParams.get('tab'))?.id ?? 'overview';
  // A visited variants tab stays mounted (hidden), so an unsaved edit survives a look at another tab.
  const [keptVariants, setKeptVariants] = useState(tab === 'variants');
  const showTab = (next: TabId) => {
    if (next === 'variants') setKeptVariants(true);
    changeSearchParams({ tab: next === 'overview' ? undefined : next }, { replace: true });
  };
  const queryClient = useQueryClient();
  const key = ['feature', projectId, featureName];
  const path = { projectId, featureName };
  const feature = useQuery({
    queryKey: key,
    queryFn: () => data(api.GET('/api/admin/projects/{projectId}/features/{featureName}', { params: { path } })),
    retry: false,
  });
  const missing = feature.error instanceof ApiError && feature.error.status === 404;
  // An archived flag is not found at its address: the archive says whether it is there, to offer reviving it.
  const archived = useQuery({
    queryKey: ['archived', projectId, featureName],
    queryFn: () =>
      data(
        api.GET('/api/admin/search/features', {
          params: { query: { query: featureName, archived: 'IS:true', project: `IS:${projectId}` } },
        }),
      ),
    enabled: missing,
    select: (result) => result.features.some((candidate) => candidate.name === featureName),
  });
  const segments = useQuery({ queryKey: ['segments'], queryFn: () => data(api.GET('/api/admin/segments')), refetchInterval: false });
  const [message, setMessage] = useState<string>();
  const [editing, setEditing] = useState<StrategyTarget>();
  const [archiving, setArchiving] = useState(false);
  const toggle = useToggle(setMessage);
  // Before the flag loads (or when it is archived) its project is the one in the path.
  const canRevive = usePermission('UPDATE_FEATURE', { project: projectId });
  const canArchive = usePermission('DELETE_FEATURE', { project: projectId });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const archive = useMutation({
    mutationFn: () => data(api.DELETE('/api/admin/projects/{projectId}/features/{featureName}', { params: { path } })),
    onSuccess: () => {
      setArchiving(false);
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: ['archived', projectId, featureName] });
      return refresh();
    },
    onError: (error) => setMessage(error.message),
  });
  const revive = useMutation({
    mutationFn: () => data(api.POST('/api/admin/archive/revive/{featureName}', { params: { path: { featureName } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['archived', projectId, featureName] });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      return refresh();
    },
    onError: (error) => setMessage(error.message),
  });

  if (feature.error) {
    return (
      <section className="page" aria-labelledby="flag-heading">
        <h1 id="flag-heading">{featureName}</h1>
        {archived.data ? (
          <div className="notice warning" role="status">
            <p>This flag is archived: SDKs no longer receive it. Revive it to use it again.</p>
            <GuardedButton permission={canRevive} className="button primary" onPress={() => revive.mutate()}>
              Revive
            </GuardedButton>
          </div>
        ) : (
          <p role="alert" className="notice error">
            {archived.isPending && missing ? 'Loading…' : feature.error.message}
          </p>
        )}
        {message && (
          <p role="alert" className="notice error">
            {message}
          </p>
        )}
        <Link href="/">Back to the flags</Link>
      </section>
    );
  }
  if (!feature.data) return <span className="skeleton" role="status" aria-label="Loading the flag" />;
  const flag = feature.data;
  const segmentNames = new Map((segments.data?.segments ?? []).map((segment) => [segment.id, segment.name]));

  return (
    <section className="page" aria-labelledby="flag-heading">
      <div className="page-header">
        <div>
          <p className="muted small">
            <Link href={`/projects/${encodeURIComponent(flag.project)}`} aria-label={`Project ${flag.project}`}>
              {flag.project}
            </Link>{' '}
            · {flag.type}
            {flag.lifecycle && <> · {flag.lifecycle.stage}</>}
          </p>
          <h1 id="flag-heading">
            {flag.name}
            {flag.stale && <span className="badge warning">stale</span>}
          </h1>
          {flag.description && <p>{flag.description}</p>}
          <Lifecycle flag={flag} onChanged={refresh} />
        </div>
        <div className="row">
          <Button className="button quiet" aria-label={`Copy name ${flag.name}`} onPress={() => navigator.clipboard?.writeText(flag.name)}>
            Copy name
          </Button>
          <GuardedButton permission={canArchive} className="button danger" onPress={() => setArchiving(true)}>
            Archive
          </GuardedButton>
        </div>
      </div>
      {message && (
        <div role="alert" className="notice error">
          {message}{' '}
          <Button className="button quiet" onPress={() => setMessage(undefined)}>
            Dismiss
          </Button>
        </div>
      )}
      <Tabs className="tabs-root" selectedKey={tab} onSelectionChange={(key) => showTab(key as TabId)}>
        <TabList aria-label={`Sections of ${flag.name}`} className="tabs">
          {TABS.map((candidate) => (
            <Tab key={candidate.id} id={candidate.id} className="tab">
              {candidate.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="overview" className="tab-panel">
          <h2>Environments</h2>
          {flag.environments.map((environment) => (
            <EnvironmentCard
              key={environment.name}
              flag={flag}
              environment={environment}
              segmentNames={segmentNames}
              onToggle={(enabled) => toggle.mutate({ project: flag.project, flag: flag.name, environment: environment.name, enabled })}
              onEdit={(strategyId) => setEditing({ project: flag.project, flag: flag.name, environment: environment.name, strategyId })}
              onChanged={refresh}
              onError={setMessage}
            />
          ))}
          <DependencySection flag={flag} onChanged={refresh} />
          <Tags flag={flag.name} project={flag.project} tags={flag.tags} onChanged={refresh} />
        </TabPanel>
        <TabPanel id="variants" className="tab-panel" shouldForceMount={keptVariants}>
          <Suspense fallback={<span className="skeleton" role="status" aria-label="Loading variants" />}>
            <Variants flag={flag} onChanged={refresh} />
          </Suspense>
        </TabPanel>
        <TabPanel id="metrics" className="tab-panel">
          <Suspense fallback={<span className="skeleton" role="status" aria-label="Loading metrics" />}>
            <Metrics flag={flag} />
          </Suspense>
        </TabPanel>
        <TabPanel id="history" className="tab-panel">
          <Suspense fallback={<span className="skeleton" role="status" aria-label="Loading history" />}>
            <History flag={flag.name} />
          </Suspense>
        </TabPanel>
      </Tabs>
      {editing && (
        <StrategyEditor
          target={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            void refresh();
            void queryClient.invalidateQueries({ queryKey: ['feature-events', flag.name] });
          }}
        />
      )}
      {archiving && <ArchiveDialog flag={flag.name} onCancel={() => setArchiving(false)} onConfirm={() => archive.mutate()} />}
      <p>
        <Button className="button quiet" onPress={() => navigate('/')}>
          Back to the flags
        </Button>
      </p>
    </section>
  );
}

/** One environment: its switch, and its strategies in order, reordered by drag or by the move buttons. */
function EnvironmentCard({
  flag,
  environment,
  segmentNames,
  onToggle,
  onEdit,
  onChanged,
  onError,
}: {
  flag: Feature;
  environment: Environment;
  segmentNames: Map<number, string>;
  onToggle: (enabled: boolean) => void;
  onEdit: (strategyId?: string) => void;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const path = { projectId: flag.project, featureName: flag.name, environment: environment.name };
  const may = usePermissions();
  const scope = { project: flag.project, environment: environment.name };
  const canToggle = may('UPDATE_FEATURE_ENVIRONMENT', scope);
  const canAdd = may('CREATE_FEATURE_STRATEGY', scope);
  const canUpdate = may('UPDATE_FEATURE_STRATEGY', scope);
  const canDelete = may('DELETE_FEATURE_STRATEGY', scope);
  const strategies = [...environment.strategies].sort((a, b) => a.sortOrder - b.sortOrder);
  const reorder = useMutation({
    mutationFn: (ids: string[]) =>
      data(
        api.POST('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/set-sort-order', {
          params: { path },
          body: ids.map((id, sortOrder) => ({ id, sortOrder })),
        }),
      ),
    onSettled: onChanged,
    onError: (error) => onError(error.message),
  });
  const remove = useMutation({
    mutationFn: (strategyId: string) =>
      data(
        api.DELETE('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}', {
          params: { path: { ...path, strategyId } },
        }),
      ),
    onSettled: onChanged,
    onError: (error) => onError(error.message),
  });
  const move = (from: number, to: number) => {
    const ids = strategies.map((strategy) => strategy.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const ids = strategies.map((strategy) => strategy.id).filter((id) => !event.keys.has(id));
      const at = ids.indexOf(String(event.target.key)) + (event.target.dropPosition === 'after' ? 1 : 0);
      ids.splice(at, 0, ...strategies.map((strategy) => strategy.id).filter((id) => event.keys.has(id)));
      reorder.mutate(ids);
    },
  });
  const headingId = `environment-${environment.name}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <EnvironmentSwitch
          flag={flag.name}
          environment={environment.name}
          environmentType={environment.type}
          enabled={environment.enabled}
          disabledReason={canToggle.reason}
          onChange={onToggle}
        />
        <h3 id={headingId}>{environment.name}</h3>
        {environment.type === 'production' && <span className="badge production">production</span>}
        <GuardedButton permission={canAdd} className="button" onPress={() => onEdit()} aria-label={`Add strategy in ${environment.name}`}>
          Add strategy
        </GuardedButton>
      </div>
      {strategies.length === 0 ? (
        <p className="muted">No strategy: when on, the flag is on for everyone here.</p>
      ) : (
        <GridList
          aria-label={`Strategies in ${environment.name}`}
          items={strategies}
          dragAndDropHooks={canUpdate.allowed ? dragAndDropHooks : undefined}
          className="strategies"
        >
          {(strategy) => {
            const index = strategies.indexOf(strategy);
            const summary = describeStrategy(strategy, segmentNames);
            const label = strategy.title || summary;
            return (
              <GridListItem id={strategy.id} textValue={label} className="strategy">
                {canUpdate.allowed && (
                  <Button slot="drag" className="drag-handle" aria-label={`Drag ${label}`}>
                    ⠿
                  </Button>
                )}
                <div className="strategy-text">
                  {strategy.title && <strong>{strategy.title}: </strong>}
                  <span>{summary}</span>
                  {strategy.disabled && <span className="badge">disabled</span>}
                </div>
                <div className="row">
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    isDisabled={index === 0}
                    onPress={() => move(index, index - 1)}
                    aria-label={`Move up: ${label}`}
                  >
                    ↑
                  </GuardedButton>
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    isDisabled={index === strategies.length - 1}
                    onPress={() => move(index, index + 1)}
                    aria-label={`Move down: ${label}`}
                  >
                    ↓
                  </GuardedButton>
                  <GuardedButton
                    permission={canUpdate}
                    className="button"
                    onPress={() => onEdit(strategy.id)}
                    aria-label={`Edit: ${label}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canDelete}
                    className="button quiet danger"
                    onPress={() => remove.mutate(strategy.id)}
                    aria-label={`Delete: ${label}`}
                  >
                    Delete
                  </GuardedButton>
                </div>
              </GridListItem>
            );
          }}
        </GridList>
      )}
    </section>
  );
}

/** Archiving asks for the flag's name to be typed. */
function ArchiveDialog({ flag, onCancel, onConfirm }: { flag: string; onCancel: () => void; onConfirm: () => void }) {
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog title={`Archive ${flag}?`} confirmLabel="Archive" onCancel={onCancel} onConfirm={() => typed === flag && onConfirm()}>
      <p>SDKs stop receiving it. You can revive it from its page.</p>
      <div className="field">
        <label htmlFor="archive-name">Type {flag} to confirm</label>
        <input id="archive-name" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
      </div>
    </ConfirmDialog>
  );
}
