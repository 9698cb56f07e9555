import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Button } from 'react-aria-components';
import { api, data } from '../../api/client';

/** The applications whose SDKs reported in, where they run, and which of their SDKs are out of date. */
export default function ApplicationsPage() {
  const applications = useQuery({ queryKey: ['applications'], queryFn: () => data(api.GET('/api/admin/metrics/applications')) });
  const outdated = useQuery({ queryKey: ['outdated-sdks'], queryFn: () => data(api.GET('/api/admin/metrics/sdks/outdated')) });
  const outdatedVersions = new Set((outdated.data?.sdks ?? []).map((sdk) => sdk.sdkVersion));
  const [open, setOpen] = useState<string>();
  const error = applications.error ?? outdated.error;

  return (
    <section aria-labelledby="applications-heading" className="page">
      <div className="page-header">
        <h1 id="applications-heading">Applications</h1>
      </div>
      {error && (
        <p role="alert" className="notice error">
          {error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Applications" aria-busy={applications.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Projects and environments</th>
              <th scope="col">SDK</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(applications.data?.applications ?? []).map((application) => (
              <Fragment key={application.appName}>
                <tr>
                  <td>
                    {application.appName}
                    {application.description && <div className="muted small">{application.description}</div>}
                  </td>
                  <td>
                    {application.usage.map((usage) => (
                      <div key={usage.project}>
                        {usage.project}: {usage.environments.join(', ')}
                      </div>
                    ))}
                  </td>
                  <td>
                    <SdkVersion version={application.sdkVersion} outdated={outdatedVersions} />
                  </td>
                  <td className="actions">
                    <Button
                      className="button quiet"
                      aria-expanded={open === application.appName}
                      onPress={() => setOpen(open === application.appName ? undefined : application.appName)}
                    >
                      {open === application.appName ? 'Hide instances' : 'Instances'}
                      <span className="visually-hidden"> of {application.appName}</span>
                    </Button>
                  </td>
                </tr>
                {open === application.appName && (
                  <tr>
                    <td colSpan={4}>
                      <Overview appName={application.appName} outdated={outdatedVersions} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
        {applications.data?.applications.length === 0 && <div className="empty">No application has reported yet.</div>}
      </div>
    </section>
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
