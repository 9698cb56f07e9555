import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { Pick } from '../../ui/Pick';
import { ResourcePage, RowAction, useResource, useRowWrite } from '../../ui/ResourcePage';
import { SecretDialog } from '../../ui/SecretOnce';
import { TextInput } from '../../ui/TextInput';
import { useRootRoles } from './useRootRoles';

type Invite = Schemas['publicSignupTokenSchema'];

const DAY_MS = 86_400_000;
const LIFETIMES = [
  { id: 1, name: '1 day' },
  { id: 7, name: '7 days' },
  { id: 30, name: '30 days' },
];

/**
 * Admin: invite links (Unleash's public sign-up tokens). Whoever holds one signs up with its root role until it
 * expires or is turned off. Its link is shown once, when it is made (the service keeps only a digest); the list names
 * each by its `id`, which turns it off and on.
 */
export default function InviteLinksPage() {
  const canAdmin = usePermission('ADMIN');
  const invites = useResource({
    queryKey: 'invite-links',
    load: () => data(api.GET('/api/admin/invite-link/tokens')),
    rows: (answer) => answer.tokens,
  });
  const toggle = useRowWrite(
    (invite: Invite) =>
      data(
        api.PUT('/api/admin/invite-link/tokens/{token}', { params: { path: { token: invite.id } }, body: { enabled: !invite.enabled } }),
      ),
    invites.refresh,
    (invite) => (invite.enabled ? `${invite.name} no longer lets anyone sign up.` : `${invite.name} lets people sign up again.`),
  );
  return (
    <ResourcePage
      title="Invite links"
      create={{ label: 'New invite link', permission: canAdmin, onPress: invites.create }}
      list={invites.list}
      status={toggle.status}
      problem={toggle.problem}
      rowKey={(invite) => invite.id}
      columns={[
        { header: 'Name', cell: (invite) => invite.name },
        { header: 'Root role', cell: (invite) => invite.role.name },
        { header: 'State', cell: (invite) => stateOf(invite) },
        { header: 'Expires', cell: (invite) => new Date(invite.expiresAt).toLocaleString() },
        { header: 'Made by', cell: (invite) => invite.createdBy },
      ]}
      actions={(invite) => (
        <RowAction
          label={invite.enabled ? 'Disable' : 'Enable'}
          name={invite.name}
          permission={canAdmin}
          onPress={() => toggle.run(invite)}
        />
      )}
      empty="No invite links yet. Make one to let people sign up by themselves, with the root role you choose."
    >
      {invites.editing && <InviteForm onDone={invites.done} />}
    </ResourcePage>
  );
}

function stateOf(invite: Invite): string {
  if (!invite.enabled) return 'Disabled';
  return new Date(invite.expiresAt) <= new Date() ? 'Expired' : 'Open';
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { rootRoles } = useRootRoles();
  const [name, setName] = useState('');
  const [rootRole, setRootRole] = useState<number | undefined>();
  const [days, setDays] = useState(7);
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/invite-link/tokens', {
          body: { name, expiresAt: new Date(Date.now() + days * DAY_MS).toISOString(), rootRole: rootRole ?? 'Viewer' },
        }),
      ),
  });
  if (create.data?.url)
    return (
      <SecretDialog
        title={`Invite link ${name}`}
        label="invite link"
        secret={new URL(create.data.url, location.origin).href}
        onDone={onDone}
      />
    );
  const roles = rootRoles.map((role) => ({ id: role.id, name: role.name }));
  return (
    <FormDialog
      title="New invite link"
      submitLabel="Create invite link"
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onCancel={onDone}
    >
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <Pick
        label="Root role of people who sign up"
        name="rootRole"
        items={roles}
        value={rootRole ?? roles.find((role) => role.name === 'Viewer')?.id}
        onChange={setRootRole}
      />
      <Pick label="Open for" name="expiresAt" items={LIFETIMES} value={days} onChange={(value) => setDays(value ?? 7)} />
    </FormDialog>
  );
}
