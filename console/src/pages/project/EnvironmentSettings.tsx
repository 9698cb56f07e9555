import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Switch } from 'react-aria-components';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** Which environments the project uses: enabling one gives its flags a state there; disabling drops it. */
export function EnvironmentSettings({ projectId }: { projectId: string }) {
  const reasonId = useId();
  const queryClient = useQueryClient();
  const canUpdate = usePermission('UPDATE_PROJECT', { project: projectId });
  const key = ['project', projectId, 'environments'];
  const environments = useQuery({
    queryKey: key,
    queryFn: () => data(api.GET('/api/admin/environments/project/{projectId}', { params: { path: { projectId } } })),
  });
  const [disabling, setDisabling] = useState<string>();
  const change = useMutation({
    mutationFn: ({ environment, enabled }: { environment: string; enabled: boolean }) =>
      enabled
        ? data(api.POST('/api/admin/projects/{projectId}/environments', { params: { path: { projectId } }, body: { environment } }))
        : data(api.DELETE('/api/admin/projects/{projectId}/environments/{environment}', { params: { path: { projectId, environment } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['project', projectId] }),
  });
  return (
    <section aria-labelledby={`${reasonId}-heading`}>
      <h2 id={`${reasonId}-heading`}>Environments</h2>
      <p className="muted">
        Flags of the project have a state and strategies in each environment it uses. Disabling an environment here removes them there.
      </p>
      {(environments.error ?? change.error) && (
        <p role="alert" className="notice error">
          {(environments.error ?? change.error)?.message}
        </p>
      )}
      {!canUpdate.allowed && (
        <span id={reasonId} className="visually-hidden">
          {canUpdate.reason}
        </span>
      )}
      <div className="table-wrap">
        <table className="table" aria-labelledby={`${reasonId}-heading`} aria-busy={environments.isFetching}>
          <thead>
            <tr>
              <th scope="col">Environment</th>
              <th scope="col">Type</th>
              <th scope="col" className="wide-only">
                Flags on
              </th>
              <th scope="col" className="wide-only">
                API tokens
              </th>
              <th scope="col">Used by the project</th>
            </tr>
          </thead>
          <tbody>
            {(environments.data?.environments ?? []).map((environment) => (
              <tr key={environment.name}>
                <td>
                  {environment.name}
                  {!environment.enabled && <span className="badge">disabled everywhere</span>}
                </td>
                <td>{environment.type === 'production' ? <span className="badge production">production</span> : environment.type}</td>
                <td className="wide-only">{environment.visible ? environment.projectEnabledToggleCount : '—'}</td>
                <td className="wide-only">{environment.projectApiTokenCount}</td>
                <td title={canUpdate.reason}>
                  <Switch
                    className="switch"
                    isSelected={environment.visible}
                    isDisabled={!canUpdate.allowed || change.isPending}
                    aria-label={`Use ${environment.name} in ${projectId}`}
                    aria-describedby={canUpdate.allowed ? undefined : reasonId}
                    onChange={(enabled) =>
                      enabled ? change.mutate({ environment: environment.name, enabled }) : setDisabling(environment.name)
                    }
                  >
                    <span className="switch-track" aria-hidden="true" />
                  </Switch>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {disabling && (
        <ConfirmDialog
          title={`Stop using ${disabling} in ${projectId}?`}
          confirmLabel="Disable"
          onCancel={() => setDisabling(undefined)}
          onConfirm={() => {
            change.mutate({ environment: disabling, enabled: false });
            setDisabling(undefined);
          }}
        >
          <p>
            The flags of <strong>{projectId}</strong> lose their state and strategies in <strong>{disabling}</strong>.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
