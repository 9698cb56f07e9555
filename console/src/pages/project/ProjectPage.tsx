import './project.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { api, data } from '../../api/client';
import { ProjectHeader, useProjectOverview } from './ProjectHeader';

const FLAGS_SHOWN = 10;
const EVENTS_SHOWN = 10;

/** A project at a glance: its flags by type and state, health, its latest flags and its recent activity. */
export default function ProjectPage() {
  const { projectId = '' } = useParams();
  const overview = useProjectOverview(projectId);
  const project = overview.data;
  return (
    <section className="page" aria-labelledby="project-heading">
      <ProjectHeader projectId={projectId} overview={overview} current="overview" />
      {project && (
        <>
          <ul className="project-stats" aria-label="Project figures">
            <li>
              <span className="figure">{project.featureStateCounts.active}</span> active flags
            </li>
            <li>
              <span className="figure">{project.featureStateCounts.stale}</span> stale
            </li>
            <li>
              <span className="figure">{project.featureStateCounts.potentiallyStale}</span> potentially stale
            </li>
            <li>
              <span className="figure">{project.health} %</span> health
            </li>
            <li>
              <span className="figure">{project.members}</span> members
            </li>
          </ul>
          <div className="project-columns">
            <section className="card" aria-labelledby="project-types-heading">
              <h2 id="project-types-heading">Flags by type</h2>
              {project.featureTypeCounts.length === 0 ? (
                <p className="muted">No active flags yet.</p>
              ) : (
                <table className="table" aria-labelledby="project-types-heading">
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Flags</th>
                    </tr>
                  </thead>
                  <tbody>
                    {project.featureTypeCounts.map(({ type, count }) => (
                      <tr key={type}>
                        <td>
                          <Link href={`/?project=${encodeURIComponent(`IS:${projectId}`)}&type=${encodeURIComponent(`IS:${type}`)}`}>
                            {type}
                          </Link>
                        </td>
                        <td>{count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p className="muted small">
                Environments: {project.environments.map((environment) => environment.environment).join(', ') || 'none'}
              </p>
            </section>
            <RecentActivity projectId={projectId} />
          </div>
          <ProjectFlags projectId={projectId} />
        </>
      )}
    </section>
  );
}

/** The project's newest flags, one search request; the flags page shows them all. */
function ProjectFlags({ projectId }: { projectId: string }) {
  const project = `IS:${projectId}`;
  const flags = useQuery({
    queryKey: ['search', 'project-flags', projectId],
    queryFn: () =>
      data(
        api.GET('/api/admin/search/features', {
          params: { query: { project, sortBy: 'createdAt', sortOrder: 'desc', limit: String(FLAGS_SHOWN) } },
        }),
      ),
  });
  const allFlags = `/?project=${encodeURIComponent(project)}`;
  return (
    <section className="card" aria-labelledby="project-flags-heading">
      <div className="card-header">
        <h2 id="project-flags-heading">Flags</h2>
        <Link href={allFlags}>{flags.data ? `All ${flags.data.total} flags on the flags page` : 'All flags on the flags page'}</Link>
      </div>
      {flags.error && (
        <p role="alert" className="notice error">
          {flags.error.message}
        </p>
      )}
      {flags.data?.total === 0 ? (
        <p className="muted">
          No flags in this project yet. <Link href="/">Create one on the flags page</Link>.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-labelledby="project-flags-heading" aria-busy={flags.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Enabled in</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {(flags.data?.features ?? []).map((flag) => (
                <tr key={flag.name}>
                  <td>
                    <Link className="flag-link" href={`/flags/${encodeURIComponent(projectId)}/${encodeURIComponent(flag.name)}`}>
                      {flag.name}
                    </Link>
                    {flag.stale && <span className="badge warning">stale</span>}
                  </td>
                  <td>{flag.type}</td>
                  <td>
                    {flag.environments
                      .filter((environment) => environment.enabled)
                      .map((environment) => environment.name)
                      .join(', ') || '—'}
                  </td>
                  <td>{new Date(flag.createdAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The project's latest events, from the event search; the event log filters by the project for more. */
function RecentActivity({ projectId }: { projectId: string }) {
  const events = useQuery({
    queryKey: ['events', 'project', projectId],
    queryFn: () =>
      data(api.GET('/api/admin/search/events', { params: { query: { project: `IS:${projectId}`, limit: String(EVENTS_SHOWN) } } })),
  });
  return (
    <section className="card" aria-labelledby="project-activity-heading">
      <div className="card-header">
        <h2 id="project-activity-heading">Recent activity</h2>
        <Link href={`/events?project=${encodeURIComponent(projectId)}`}>Event log</Link>
      </div>
      {events.error && (
        <p role="alert" className="notice error">
          {events.error.message}
        </p>
      )}
      {!events.data ? (
        <span className="skeleton" role="status" aria-label="Loading the activity" />
      ) : events.data.events.length === 0 ? (
        <p className="muted">Nothing has happened in this project yet.</p>
      ) : (
        <ol className="activity" aria-labelledby="project-activity-heading">
          {events.data.events.map((event) => (
            <li key={event.id}>
              <strong>{event.type}</strong>
              {event.featureName && (
                <>
                  {' '}
                  <Link href={`/flags/${encodeURIComponent(projectId)}/${encodeURIComponent(event.featureName)}`}>{event.featureName}</Link>
                </>
              )}
              {event.environment && <> in {event.environment}</>}
              <div className="muted small">
                {event.createdBy}, <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString()}</time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
