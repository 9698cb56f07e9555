import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, RowAction, useResource, useRowWrite } from '../../ui/ResourcePage';
import { SecretDialog } from '../../ui/SecretOnce';
import { TextInput } from '../../ui/TextInput';
import { useRootRoles } from './useRootRoles';

type User = Schemas['userSchema'];

/**
 * Admin: the people who sign in, their root roles, and locked logins to unlock; a password link for a person (a reset
 * link, or a welcome link for one without a password: mailed with SMTP, else shown once to hand over), and ending
 * every session of a person.
 */
export default function UsersPage() {
  const canAdmin = usePermission('ADMIN');
  const users = useResource({
    queryKey: 'users',
    load: () => data(api.GET('/api/admin/user-admin')),
    rows: (answer) => answer.users,
    remove: (user: User) => data(api.DELETE('/api/admin/user-admin/{id}', { params: { path: { id: user.id } } })),
    nameOf: displayName,
  });
  const { rootRoles, nameOf } = useRootRoles();
  const unlock = useRowWrite(
    (user: User) => data(api.POST('/api/admin/user-admin/{id}/unlock', { params: { path: { id: user.id } } })),
    users.refresh,
    (user) => `${displayName(user)} can sign in again.`,
  );
  const endSessions = useRowWrite(
    (user: User) => data(api.DELETE('/api/admin/user-admin/{id}/sessions', { params: { path: { id: user.id } } })),
    users.refresh,
    (user) => `Every session of ${displayName(user)} has ended.`,
  );
  const passwordLink = useMutation({
    mutationFn: (user: User) => data(api.POST('/api/admin/user-admin/reset-password', { body: { id: String(user.id) } })),
  });
  // What the last action on a row did, said once: the row writes and the link each keep their own outcome.
  const [lastAction, setLastAction] = useState<'unlock' | 'sessions' | 'link'>();
  const linkOutcome = {
    status:
      passwordLink.data?.emailSent && passwordLink.variables
        ? `A password link was emailed to ${displayName(passwordLink.variables)}.`
        : undefined,
    problem: passwordLink.error?.message,
  };
  const act = (action: typeof lastAction, run: () => void) => () => {
    setLastAction(action);
    run();
  };
  const outcome = lastAction === 'unlock' ? unlock : lastAction === 'sessions' ? endSessions : linkOutcome;

  return (
    <ResourcePage
      title="Users"
      create={{ label: 'New user', permission: canAdmin, onPress: users.create }}
      list={users.list}
      status={outcome.status}
      problem={outcome.problem}
      rowKey={(user) => user.id}
      columns={[
        {
          header: 'Name',
          cell: (user) => (
            <>
              {user.name || '—'}
              {(user.loginAttempts ?? 0) > 0 && <span className="badge warning">{user.loginAttempts} failed logins</span>}
            </>
          ),
        },
        { header: 'Username or email', cell: (user) => user.username || user.email },
        { header: 'Root role', cell: (user) => nameOf(user.rootRole) },
        { header: 'Last seen', cell: (user) => (user.seenAt ? new Date(user.seenAt).toLocaleString() : 'never') },
      ]}
      actions={(user) => (
        <>
          <RowAction label="Edit" name={displayName(user)} permission={canAdmin} onPress={() => users.edit(user)} />
          <RowAction label="Unlock" name={displayName(user)} permission={canAdmin} onPress={act('unlock', () => unlock.run(user))} />
          <RowAction
            label="Password link"
            name={displayName(user)}
            accessibleName={`Password link for ${displayName(user)}`}
            permission={canAdmin}
            onPress={act('link', () => passwordLink.mutate(user))}
          />
          <RowAction
            label="End sessions"
            name={displayName(user)}
            accessibleName={`End sessions of ${displayName(user)}`}
            permission={canAdmin}
            onPress={act('sessions', () => endSessions.run(user))}
          />
          <RowAction label="Delete" name={displayName(user)} permission={canAdmin} danger onPress={() => users.askDelete(user)} />
        </>
      )}
    >
      {users.editing && <UserForm user={users.edited} roles={rootRoles} onDone={users.done} />}
      {users.deleteDialog}
      {passwordLink.data?.resetPasswordUrl && passwordLink.variables && (
        <SecretDialog
          title={`Password link for ${displayName(passwordLink.variables)}`}
          label="password link"
          secret={new URL(passwordLink.data.resetPasswordUrl, location.origin).href}
          onDone={() => passwordLink.reset()}
        />
      )}
    </ResourcePage>
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
  const save = () => {
    const common = { email: email || undefined, name: name || undefined, rootRole: rootRole! };
    return user
      ? data(api.PUT('/api/admin/user-admin/{id}', { params: { path: { id: user.id } }, body: common }))
      : data(api.POST('/api/admin/user-admin', { body: { ...common, username: username || undefined, password: password || undefined } }));
  };
  return (
    <ResourceForm noun="user" existing={user && displayName(user)} save={save} onDone={onDone}>
      {!user && <TextInput label="Username" name="username" value={username} onChange={setUsername} autoFocus />}
      <TextInput label="Email" name="email" type="email" value={email} onChange={setEmail} />
      <TextInput label="Name" name="name" value={name} onChange={setName} />
      {!user && (
        <TextInput
          label="First password"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
      )}
      <Pick label="Root role" name="rootRole" items={roles} value={rootRole} onChange={setRootRole} />
    </ResourceForm>
  );
}
