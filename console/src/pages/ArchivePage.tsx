import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../api/client';
import { usePermission } from '../app/permissions';
import { GuardedButton } from '../ui/GuardedButton';
import { TypedConfirmDialog } from '../ui/TypedConfirmDialog';

const listArchived = () => data(api.GET('/api/admin/archive/features'));
type ArchivedFlag = Awaited<ReturnType<typeof listArchived>>['features'][number];

/** Archived flags: revive one to use it again, or delete it for good. */
export default function ArchivePage() {
  const queryClient = useQueryClient();
  const canRevive = usePermission('UPDATE_FEATURE');
  const canDelete = usePermission('DELETE_FEATURE');
  const archived = useQuery({ queryKey: ['archive'], queryFn: listArchived });
  const [deleting, setDeleting] = useState<ArchivedFlag>();
  const [message, setMessage] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['archive'] });
  const revive = useMutation({
    mutationFn: (flag: ArchivedFlag) =>
      data(api.POST('/api/admin/archive/revive/{featureName}', { params: { path: { featureName: flag.name } } })),
    onSuccess: (_, flag) => (
      setMessage(`${flag.name} is back in ${flag.project}.`),
      queryClient.invalidateQueries({ queryKey: ['search'] })
    ),
    onError: (error) => setMessage(error.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (flag: ArchivedFlag) =>
      data(api.DELETE('/api/admin/archive/{featureName}', { params: { path: { featureName: flag.name } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="archive-heading" className="page">
      <div className="page-header">
        <h1 id="archive-heading">Archive</h1>
      </div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Archived flags" aria-busy={archived.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Project</th>
              <th scope="col">Type</th>
              <th scope="col">Archived</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(archived.data?.features ?? []).map((flag) => (
              <tr key={flag.name}>
                <td>
                  {flag.name}
                  {flag.description && <div className="muted small">{flag.description}</div>}
                </td>
                <td>{flag.project}</td>
                <td>{flag.type}</td>
                <td>{flag.archivedAt ? new Date(flag.archivedAt).toLocaleString() : '—'}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canRevive}
                    className="button quiet"
                    onPress={() => revive.mutate(flag)}
                    aria-label={`Revive ${flag.name}`}
                  >
                    Revive
                  </GuardedButton>
                  <GuardedButton
                    permission={canDelete}
                    className="button quiet danger"
                    onPress={() => setDeleting(flag)}
                    aria-label={`Delete ${flag.name}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {archived.isSuccess && archived.data.features.length === 0 && (
        <div className="empty">
          <p>No archived flags. Archive a flag from its page once its code is gone.</p>
        </div>
      )}
      {deleting && (
        <TypedConfirmDialog
          action="Delete"
          name={deleting.name}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}
