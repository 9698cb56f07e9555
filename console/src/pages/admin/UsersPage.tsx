import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';
import { useRootRoles } from './useRootRoles';

type User = Schemas['userSchema'];

/** Admin: the people who sign in, their root roles, and locked logins to unlock. */
export default function UsersPage() {
  const queryClient = useQueryClient();
  const canAdmin = usePermission('ADMIN');
  const users = useQuery({ queryKey: ['users'], queryFn: () => data(api.GET('/api/admin/user-admin')) });
  const { rootRoles, nameOf } = useRootRoles();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User>();
  const [deleting, setDeleting] = useState<User>();
  const [message, setMessage] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const unlock = useMutation({
    mutationFn: (user: User) => data(api.POST('/api/admin/user-admin/{id}/unlock', { params: { path: { id: user.id } } })),
    onSuccess: (_, user) => setMessage(`${displayName(user)} can sign in again.`),
    onError: (error) => setMessage(error.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (user: User) => data(api.DELETE('/api/admin/user-admin/{id}', { params: { path: { id: user.id } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="users-heading" className="page">
      <div className="page-header">
        <h1 id="users-heading">Users</h1>
        <GuardedButton permission={canAdmin} className="button primary" onPress={() => setCreating(true)}>
          New user
        </GuardedButton>
      </div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {users.error && (
        <p role="alert" className="notice error">
          {users.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Users" aria-busy={users.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Username or email</th>
              <th scope="col">Root role</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(users.data?.users ?? []).map((user) => (
              <tr key={user.id}>
                <td>
                  {user.name || '—'}
                  {(user.loginAttempts ?? 0) > 0 && <span className="badge warning">{user.loginAttempts} failed logins</span>}
                </td>
                <td>{user.username || user.email}</td>
                <td>{nameOf(user.rootRole)}</td>
                <td>{user.seenAt ? new Date(user.seenAt).toLocaleString() : 'never'}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet"
                    onPress={() => setEditing(user)}
                    aria-label={`Edit ${displayName(user)}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet"
                    onPress={() => unlock.mutate(user)}
                    aria-label={`Unlock ${displayName(user)}`}
                  >
                    Unlock
                  </GuardedButton>
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet danger"
                    onPress={() => setDeleting(user)}
                    aria-label={`Delete ${displayName(user)}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {creating && <UserForm roles={rootRoles} onDone={() => (setCreating(false), refresh())} />}
      {editing && <UserForm user={editing} roles={rootRoles} onDone={() => (setEditing(undefined), refresh())} />}
      {deleting && (
        <TypedConfirmDialog
          action="Delete"
          name={displayName(deleting)}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}

const displayName = (user: User) => user.username || user.email || user.name || `user ${user.id}`;

/** Creates a user (with a first password) or changes one's name, email and root role. */
function UserForm({ user, roles, onDone }: { user?: User; roles: { id: number; name: string }[]; onDone: () => void }) {
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [rootRole, setRootRole] = useState<number | undefined>(user?.rootRole ?? roles.find((role) => role.name === 'Viewer')?.id);
  const save = useMutation({
    mutationFn: () => {
      const common = { email: email || undefined, name: name || undefined, rootRole: rootRole! };
      return user
        ? data(api.PUT('/api/admin/user-admin/{id}', { params: { path: { id: user.id } }, body: common }))
        : data(
            api.POST('/api/admin/user-admin', { body: { ...common, username: username || undefined, password: password || undefined } }),
          );
    },
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={user ? `Edit ${displayName(user)}` : 'New user'}
      submitLabel={user ? 'Save' : 'Create user'}
      pending={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onDone}
    >
      {!user && (
        <TextField className="field" name="username" value={username} onChange={setUsername} autoFocus>
          <Label>Username</Label>
          <Input />
          <FieldError />
        </TextField>
      )}
      <TextField className="field" name="email" type="email" value={email} onChange={setEmail}>
        <Label>Email</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField className="field" name="name" value={name} onChange={setName}>
        <Label>Name</Label>
        <Input />
        <FieldError />
      </TextField>
      {!user && (
        <TextField className="field" name="password" type="password" value={password} onChange={setPassword} autoComplete="new-password">
          <Label>First password</Label>
          <Input />
          <FieldError />
        </TextField>
      )}
      <Pick label="Root role" name="rootRole" items={roles} value={rootRole} onChange={setRootRole} />
    </FormDialog>
  );
}
