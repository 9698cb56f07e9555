import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { api, ApiError, data } from '../../api/client';

const getOverview = (projectId: string) => data(api.GET('/api/admin/projects/{projectId}/overview', { params: { path: { projectId } } }));
export type ProjectOverview = Awaited<ReturnType<typeof getOverview>>;

/** The project's overview (name, description, counts, health): one request, shared by the overview and settings. */
export function useProjectOverview(projectId: string): UseQueryResult<ProjectOverview> {
  return useQuery({ queryKey: ['project', projectId, 'overview'], queryFn: () => getOverview(projectId), retry: false });
}

/** The project's name and description, and the links between its overview and its settings. */
export function ProjectHeader({
  projectId,
  overview,
  current,
}: {
  projectId: string;
  overview: UseQueryResult<ProjectOverview>;
  current: 'overview' | 'settings';
}) {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  return (
    <>
      <p className="muted small">
        <Link href="/projects">Projects</Link> / {projectId}
      </p>
      <div className="page-header">
        <div>
          <h1 id="project-heading">{overview.data?.name ?? projectId}</h1>
          {overview.data?.description && <p>{overview.data.description}</p>}
        </div>
        <nav aria-label="Project" className="row project-nav">
          <Link className="button quiet" href={base} aria-current={current === 'overview' ? 'page' : undefined}>
            Overview
          </Link>
          <Link className="button quiet" href={`${base}/settings`} aria-current={current === 'settings' ? 'page' : undefined}>
            Settings
          </Link>
        </nav>
      </div>
      {overview.error && (
        <p role="alert" className="notice error">
          {overview.error instanceof ApiError && overview.error.status === 404
            ? `There is no project ${projectId}.`
            : overview.error.message}
        </p>
      )}
      {overview.isPending && <span className="skeleton" role="status" aria-label="Loading the project" />}
    </>
  );
}
