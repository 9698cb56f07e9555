import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { SecretDialog } from '../../ui/SecretOnce';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

const listAccounts = () => data(api.GET('/api/admin/service-account'));
type ServiceAccount = Awaited<ReturnType<typeof listAccounts>>['serviceAccounts'][number];

/** Admin: accounts for machines (the spec's service-account creation), each with its own tokens. */
export default function ServiceAccountsPage() {
  const queryClient = useQueryClient();
  const canAdmin = usePermission('ADMIN');
  const accounts = useQuery({ queryKey: ['service-accounts'], queryFn: listAccounts });
  const [creating, setCreating] = useState(false);
  const [tokenFor, setTokenFor] = useState<ServiceAccount>();
  const [deleting, setDeleting] = useState<ServiceAccount>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['service-accounts'] });
  const roles = accounts.data?.rootRoles ?? [];
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? '—';

  const remove = useMutation({
    mutationFn: (account: ServiceAccount) => data(api.DELETE('/api/admin/service-account/{id}', { params: { path: { id: account.id } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });
  const removeToken = useMutation({
    mutationFn: ({ account, tokenId }: { account: ServiceAccount; tokenId: number }) =>
      data(api.DELETE('/api/admin/service-account/{id}/token/{tokenId}', { params: { path: { id: account.id, tokenId } } })),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="service-accounts-heading" className="page">
      <div className="page-header">
        <h1 id="service-accounts-heading">Service accounts</h1>
        <GuardedButton permission={canAdmin} className="button primary" onPress={() => setCreating(true)}>
          New service account
        </GuardedButton>
      </div>
      {(accounts.error || removeToken.error) && (
        <p role="alert" className="notice error">
          {(accounts.error ?? removeToken.error)!.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Service accounts" aria-busy={accounts.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Username</th>
              <th scope="col">Root role</th>
              <th scope="col">Tokens</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(accounts.data?.serviceAccounts ?? []).map((account) => (
              <tr key={account.id}>
                <td>{account.name}</td>
                <td>{account.username}</td>
                <td>{roleName(account.rootRole)}</td>
                <td>
                  <ul className="plain-list" aria-label={`Tokens of ${account.username}`}>
                    {account.tokens.map((token) => (
                      <li key={token.id}>
                        {token.description} <span className="muted small">expires {new Date(token.expiresAt).toLocaleDateString()}</span>
                        <GuardedButton
                          permission={canAdmin}
                          className="button quiet danger"
                          aria-label={`Delete token ${token.description} of ${account.username}`}
                          onPress={() => removeToken.mutate({ account, tokenId: token.id })}
                        >
                          Delete
                        </GuardedButton>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="actions">
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet"
                    onPress={() => setTokenFor(account)}
                    aria-label={`New token for ${account.username}`}
                  >
                    New token
                  </GuardedButton>
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet danger"
                    onPress={() => setDeleting(account)}
                    aria-label={`Delete ${account.username}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {accounts.isSuccess && accounts.data.serviceAccounts.length === 0 && (
        <div className="empty">
          <p>No service accounts yet. A service account holds tokens for scripts and tools, with a role of its own.</p>
        </div>
      )}
      {creating && <ServiceAccountForm roles={roles} onDone={() => (setCreating(false), refresh())} />}
      {tokenFor && <TokenForm account={tokenFor} onDone={() => (setTokenFor(undefined), refresh())} />}
      {deleting && (
        <TypedConfirmDialog
          action="Delete"
          name={deleting.username}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}

function ServiceAccountForm({ roles, onDone }: { roles: { id: number; name: string }[]; onDone: () => void }) {
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [rootRole, setRootRole] = useState<number | undefined>(roles.find((role) => role.name === 'Viewer')?.id);
  const create = useMutation({
    mutationFn: () => data(api.POST('/api/admin/service-account', { body: { name, username, rootRole: rootRole! } })),
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title="New service account"
      submitLabel="Create service account"
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onCancel={onDone}
    >
      <TextField className="field" name="name" value={name} onChange={setName} isRequired autoFocus>
        <Label>Name</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField className="field" name="username" value={username} onChange={setUsername} isRequired>
        <Label>Username</Label>
        <Input />
        <FieldError />
      </TextField>
      <Pick label="Root role" name="rootRole" items={roles} value={rootRole} onChange={setRootRole} />
    </FormDialog>
  );
}

/** A token for the account: its secret is shown once. */
function TokenForm({ account, onDone }: { account: ServiceAccount; onDone: () => void }) {
  const [description, setDescription] = useState('');
  const [expiresAt, setExpiresAt] = useState(() => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/service-account/{id}/token', {
          params: { path: { id: account.id } },
          body: { description, expiresAt: new Date(`${expiresAt}T23:59:59Z`).toISOString() },
        }),
      ),
  });
  if (create.data?.secret) {
    return <SecretDialog title={`Token for ${account.username}`} label="token" secret={create.data.secret} onDone={onDone} />;
  }
  return (
    <FormDialog
      title={`New token for ${account.username}`}
      submitLabel="Create token"
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onCancel={onDone}
    >
      <TextField className="field" name="description" value={description} onChange={setDescription} isRequired autoFocus>
        <Label>Description</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField className="field" name="expiresAt" type="date" value={expiresAt} onChange={setExpiresAt} isRequired>
        <Label>Expires on</Label>
        <Input />
        <FieldError />
      </TextField>
    </FormDialog>
  );
}
