import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { ResourcePage, useResource } from '../../ui/ResourcePage';

/** The applications whose SDKs reported in, where they run, and which of their SDKs are out of date. */
export default function ApplicationsPage() {
  const applications = useResource({
    queryKey: 'applications',
    load: () => data(api.GET('/api/admin/metrics/applications')),
    rows: (answer) => answer.applications,
  });
  const outdated = useQuery({ queryKey: ['outdated-sdks'], queryFn: () => data(api.GET('/api/admin/metrics/sdks/outdated')) });
  const outdatedVersions = new Set((outdated.data?.sdks ?? []).map((sdk) => sdk.sdkVersion));
  return (
    <ResourcePage
      title="Applications"
      list={applications.list}
      problem={outdated.error?.message}
      rowKey={(application) => application.appName}
      columns={[
        {
          header: 'Name',
          cell: (application) => (
            <>
              {application.appName}
              {application.description && <div className="muted small">{application.description}</div>}
            </>
          ),
        },
        {
          header: 'Projects and environments',
          cell: (application) =>
            application.usage.map((usage) => (
              <div key={usage.project}>
                {usage.project}: {usage.environments.join(', ')}
              </div>
            )),
        },
        { header: 'SDK', cell: (application) => <SdkVersion version={application.sdkVersion} outdated={outdatedVersions} /> },
      ]}
      actionsLabel="Details"
      details={{
        show: 'Instances',
        hide: 'Hide instances',
        of: (application) => application.appName,
        render: (application) => <Overview appName={application.appName} outdated={outdatedVersions} />,
      }}
      empty="No application has reported yet."
    />
  );
}

function SdkVersion({ version, outdated }: { version?: string; outdated: Set<string> }) {
  if (!version) return null;
  return (
    <>
      {version}
      {outdated.has(version) && <span className="badge warning">Outdated</span>}
    </>
  );
}

/** Per environment: how many instances reported in the last day, with which SDKs, and when last. */
function Overview({ appName, outdated }: { appName: string; outdated: Set<string> }) {
  const overview = useQuery({
    queryKey: ['applications', appName, 'overview'],
    queryFn: () => data(api.GET('/api/admin/metrics/applications/{appName}/overview', { params: { path: { appName } } })),
  });
  if (overview.error)
    return (
      <p role="alert" className="notice error">
        {overview.error.message}
      </p>
    );
  if (!overview.data) return <span className="skeleton" />;
  return (
    <table className="table" aria-label={`Environments of ${appName}`}>
      <thead>
        <tr>
          <th scope="col">Environment</th>
          <th scope="col">Instances</th>
          <th scope="col">SDKs</th>
          <th scope="col">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {overview.data.environments.map((environment) => (
          <tr key={environment.name}>
            <td>{environment.name}</td>
            <td>{environment.instanceCount}</td>
            <td>
              {environment.sdks.map((sdk) => (
                <div key={sdk}>
                  <SdkVersion version={sdk} outdated={outdated} />
                </div>
              ))}
            </td>
            <td>{environment.lastSeen && new Date(environment.lastSeen).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
