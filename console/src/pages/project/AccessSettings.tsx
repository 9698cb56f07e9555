import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { RowAction } from '../../ui/ResourcePage';

type Kind = 'user' | 'group';
interface Holder {
  kind: Kind;
  id: number;
  name: string;
  detail: string;
  roles: number[];
}
interface Role {
  id: number;
  name: string;
}

/** Who holds which role in the project, directly or as a group (Unleash's project access API). */
export function AccessSettings({ projectId }: { projectId: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const canWrite = usePermission('PROJECT_USER_ACCESS_WRITE', { project: projectId });
  const key = ['project', projectId, 'access'];
  const access = useQuery({
    queryKey: key,
    queryFn: () => data(api.GET('/api/admin/projects/{projectId}/access', { params: { path: { projectId } } })),
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Holder>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['project', projectId] });
  const setRole = useMutation({
    mutationFn: ({ holder, role }: { holder: Holder; role: number }) =>
      holder.kind === 'user'
        ? data(
            api.PUT('/api/admin/projects/{projectId}/users/{userId}/roles', {
              params: { path: { projectId, userId: holder.id } },
              body: { roles: [role] },
            }),
          )
        : data(
            api.PUT('/api/admin/projects/{projectId}/groups/{groupId}/roles', {
              params: { path: { projectId, groupId: holder.id } },
              body: { roles: [role] },
            }),
          ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (holder: Holder) =>
      holder.kind === 'user'
        ? data(
            api.DELETE('/api/admin/projects/{projectId}/users/{userId}/roles', {
              params: { path: { projectId, userId: holder.id } },
            }),
          )
        : data(
            api.DELETE('/api/admin/projects/{projectId}/groups/{groupId}/roles', {
              params: { path: { projectId, groupId: holder.id } },
            }),
          ),
    onSettled: refresh,
  });

  const roles: Role[] = (access.data?.roles ?? []).map((role) => ({ id: role.id, name: role.name }));
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? String(id);
  const holders: Holder[] = [
    ...(access.data?.users ?? []).map((user) => ({
      kind: 'user' as const,
      id: user.id,
      name: user.name || user.username || user.email || String(user.id),
      detail: user.accountType === 'Service Account' ? 'Service account' : 'User',
      roles: user.roles,
    })),
    ...(access.data?.groups ?? []).map((group) => ({
      kind: 'group' as const,
      id: group.id,
      name: group.name,
      detail: `Group of ${group.userCount}`,
      roles: group.roles,
    })),
  ];

  return (
    <section aria-labelledby={headingId}>
      <div className="page-header">
        <h2 id={headingId}>Members and groups</h2>
        <GuardedButton permission={canWrite} className="button primary" onPress={() => setAdding(true)}>
          Add access
        </GuardedButton>
      </div>
      {(access.error ?? setRole.error ?? remove.error) && (
        <p role="alert" className="notice error">
          {(access.error ?? setRole.error ?? remove.error)?.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-labelledby={headingId} aria-busy={access.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {holders.map((holder) => (
              <tr key={`${holder.kind}:${holder.id}`}>
                <td>{holder.name}</td>
                <td>{holder.detail}</td>
                <td title={canWrite.reason}>
                  <select
                    className="select-button"
                    aria-label={`Role of ${holder.name}`}
                    value={holder.roles[0]}
                    disabled={!canWrite.allowed || setRole.isPending}
                    onChange={(event) => setRole.mutate({ holder, role: Number(event.target.value) })}
                  >
                    {roles.map((role) => (
                      <option key={role.id} value={role.id}>
                        {role.name}
                      </option>
                    ))}
                  </select>
                  {holder.roles.length > 1 && <div className="muted small">Also {holder.roles.slice(1).map(roleName).join(', ')}</div>}
                </td>
                <td className="actions">
                  <RowAction label="Remove" name={holder.name} permission={canWrite} danger onPress={() => setRemoving(holder)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {access.isSuccess && holders.length === 0 && (
        <div className="empty">
          <p>No one has a role in this project yet: only the service&apos;s admins and editors work in it.</p>
        </div>
      )}
      {adding && <AddAccessForm projectId={projectId} roles={roles} onDone={() => (setAdding(false), refresh())} />}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name} from ${projectId}?`}
          confirmLabel="Remove"
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => {
            remove.mutate(removing);
            setRemoving(undefined);
          }}
        >
          <p>
            {removing.kind === 'group' ? 'Its members lose' : 'They lose'} every role in the project given here:{' '}
            {removing.roles.map(roleName).join(', ')}.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * Gives one role to a user or a group, picked from the lookup every signed-in person may read
 * (`/api/admin/user-admin/access`): a project owner who is not an admin adds people too.
 */
function AddAccessForm({ projectId, roles, onDone }: { projectId: string; roles: Role[]; onDone: () => void }) {
  const directory = useQuery({ queryKey: ['users-and-groups'], queryFn: () => data(api.GET('/api/admin/user-admin/access')) });
  const [holder, setHolder] = useState<string>();
  const [role, setRole] = useState<number | undefined>(roles.find((candidate) => candidate.name === 'Member')?.id);
  const add = useMutation({
    mutationFn: () => {
      const [kind, id] = (holder ?? ':').split(':');
      const ids = [Number(id)];
      return data(
        api.POST('/api/admin/projects/{projectId}/access', {
          params: { path: { projectId } },
          body: { roles: role === undefined ? [] : [role], ...(kind === 'group' ? { groups: ids } : { users: ids }) },
        }),
      );
    },
    onSuccess: onDone,
  });
  const candidates = [
    ...(directory.data?.users ?? []).map((user) => ({
      id: `user:${user.id}`,
      name: `${user.name || user.username || user.email || String(user.id)}${user.accountType === 'Service Account' ? ' (service account)' : ''}`,
    })),
    ...(directory.data?.groups ?? []).map((group) => ({ id: `group:${group.id}`, name: `${group.name} (group)` })),
  ];
  return (
    <FormDialog
      title="Add access"
      submitLabel="Add"
      pending={add.isPending}
      error={add.error ?? directory.error}
      onSubmit={() => add.mutate()}
      onCancel={onDone}
    >
      <Pick label="User or group" name="holder" items={candidates} value={holder} onChange={setHolder} />
      <Pick label="Role" name="roles" items={roles} value={role} onChange={setRole} />
    </FormDialog>
  );
}
