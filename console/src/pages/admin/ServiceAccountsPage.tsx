import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, RowAction, useResource, useRowWrite } from '../../ui/ResourcePage';
import { SecretDialog } from '../../ui/SecretOnce';
import { TextInput } from '../../ui/TextInput';

const listAccounts = () => data(api.GET('/api/admin/service-account'));
type ServiceAccount = Awaited<ReturnType<typeof listAccounts>>['serviceAccounts'][number];

/** Admin: accounts for machines (the spec's service-account creation), each with its own tokens. */
export default function ServiceAccountsPage() {
  const canAdmin = usePermission('ADMIN');
  const accounts = useResource({
    queryKey: 'service-accounts',
    load: listAccounts,
    rows: (answer) => answer.serviceAccounts,
    remove: (account: ServiceAccount) => data(api.DELETE('/api/admin/service-account/{id}', { params: { path: { id: account.id } } })),
    nameOf: (account) => account.username,
  });
  const [tokenFor, setTokenFor] = useState<ServiceAccount>();
  const roles = accounts.query.data?.rootRoles ?? [];
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? '—';
  const removeToken = useRowWrite(
    ({ account, tokenId }: { account: ServiceAccount; tokenId: number }) =>
      data(api.DELETE('/api/admin/service-account/{id}/token/{tokenId}', { params: { path: { id: account.id, tokenId } } })),
    accounts.refresh,
  );

  return (
    <ResourcePage
      title="Service accounts"
      create={{ label: 'New service account', permission: canAdmin, onPress: accounts.create }}
      list={accounts.list}
      problem={removeToken.problem}
      rowKey={(account) => account.id}
      columns={[
        { header: 'Name', cell: (account) => account.name },
        { header: 'Username', cell: (account) => account.username },
        { header: 'Root role', cell: (account) => roleName(account.rootRole) },
        {
          header: 'Tokens',
          cell: (account) => (
            <ul className="plain-list" aria-label={`Tokens of ${account.username}`}>
              {account.tokens.map((token) => (
                <li key={token.id}>
                  {token.description} <span className="muted small">expires {new Date(token.expiresAt).toLocaleDateString()}</span>
                  <RowAction
                    label="Delete"
                    name={token.description}
                    accessibleName={`Delete token ${token.description} of ${account.username}`}
                    permission={canAdmin}
                    danger
                    onPress={() => removeToken.run({ account, tokenId: token.id })}
                  />
                </li>
              ))}
            </ul>
          ),
        },
      ]}
      actions={(account) => (
        <>
          <RowAction
            label="New token"
            name={account.username}
            accessibleName={`New token for ${account.username}`}
            permission={canAdmin}
            onPress={() => setTokenFor(account)}
          />
          <RowAction label="Delete" name={account.username} permission={canAdmin} danger onPress={() => accounts.askDelete(account)} />
        </>
      )}
      empty="No service accounts yet. A service account holds tokens for scripts and tools, with a role of its own."
    >
      {accounts.editing && <ServiceAccountForm roles={roles} onDone={accounts.done} />}
      {tokenFor && <TokenForm account={tokenFor} onDone={() => (setTokenFor(undefined), accounts.refresh())} />}
      {accounts.deleteDialog}
    </ResourcePage>
  );
}

function ServiceAccountForm({ roles, onDone }: { roles: { id: number; name: string }[]; onDone: () => void }) {
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [rootRole, setRootRole] = useState<number | undefined>(roles.find((role) => role.name === 'Viewer')?.id);
  return (
    <ResourceForm
      noun="service account"
      save={() => data(api.POST('/api/admin/service-account', { body: { name, username, rootRole: rootRole! } }))}
      onDone={onDone}
    >
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <TextInput label="Username" name="username" value={username} onChange={setUsername} isRequired />
      <Pick label="Root role" name="rootRole" items={roles} value={rootRole} onChange={setRootRole} />
    </ResourceForm>
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
      <TextInput label="Description" name="description" value={description} onChange={setDescription} isRequired autoFocus />
      <TextInput label="Expires on" name="expiresAt" type="date" value={expiresAt} onChange={setExpiresAt} isRequired />
    </FormDialog>
  );
}
