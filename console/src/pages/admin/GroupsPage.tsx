import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, ListBox, ListBoxItem, TextField, type Selection } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';
import { useRootRoles } from './useRootRoles';

type Group = Schemas['groupSchema'];

/** Admin: groups of people (the spec's group listing), their members and the root role they give. */
export default function GroupsPage() {
  const queryClient = useQueryClient();
  const canAdmin = usePermission('ADMIN');
  const groups = useQuery({ queryKey: ['groups'], queryFn: () => data(api.GET('/api/admin/groups')) });
  const { rootRoles, nameOf } = useRootRoles();
  const [editing, setEditing] = useState<Group | 'new'>();
  const [deleting, setDeleting] = useState<Group>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['groups'] });
  const remove = useMutation({
    mutationFn: (group: Group) => data(api.DELETE('/api/admin/groups/{id}', { params: { path: { id: group.id } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="groups-heading" className="page">
      <div className="page-header">
        <h1 id="groups-heading">Groups</h1>
        <GuardedButton permission={canAdmin} className="button primary" onPress={() => setEditing('new')}>
          New group
        </GuardedButton>
      </div>
      {groups.error && (
        <p role="alert" className="notice error">
          {groups.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Groups" aria-busy={groups.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Root role</th>
              <th scope="col">Members</th>
              <th scope="col">Projects</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(groups.data?.groups ?? []).map((group) => (
              <tr key={group.id}>
                <td>
                  {group.name}
                  {group.description && <div className="muted small">{group.description}</div>}
                </td>
                <td>{group.rootRole === null ? '—' : nameOf(group.rootRole)}</td>
                <td>
                  {group.userCount}
                  <span className="muted small"> {group.users.map((member) => member.user.username || member.user.email).join(', ')}</span>
                </td>
                <td>{group.projects.join(', ') || '—'}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet"
                    onPress={() => setEditing(group)}
                    aria-label={`Edit ${group.name}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet danger"
                    onPress={() => setDeleting(group)}
                    aria-label={`Delete ${group.name}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {groups.isSuccess && groups.data.groups.length === 0 && (
        <div className="empty">
          <p>No groups yet. A group gives its members a role at once, on the whole service or in projects.</p>
        </div>
      )}
      {editing && (
        <GroupForm group={editing === 'new' ? undefined : editing} roles={rootRoles} onDone={() => (setEditing(undefined), refresh())} />
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

function GroupForm({ group, roles, onDone }: { group?: Group; roles: { id: number; name: string }[]; onDone: () => void }) {
  const users = useQuery({ queryKey: ['users'], queryFn: () => data(api.GET('/api/admin/user-admin')) });
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [rootRole, setRootRole] = useState<number | undefined>(group?.rootRole ?? undefined);
  const [members, setMembers] = useState<Selection>(new Set(group?.users.map((member) => member.user.id) ?? []));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        description: description || null,
        rootRole: rootRole ?? null,
        users: [...(members === 'all' ? (users.data?.users ?? []).map((user) => user.id) : members)].map((id) => ({
          user: { id: Number(id) },
        })),
      };
      return group
        ? data(api.PUT('/api/admin/groups/{id}', { params: { path: { id: group.id } }, body }))
        : data(api.POST('/api/admin/groups', { body }));
    },
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={group ? `Edit ${group.name}` : 'New group'}
      submitLabel={group ? 'Save' : 'Create group'}
      pending={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onDone}
    >
      <TextField className="field" name="name" value={name} onChange={setName} isRequired autoFocus>
        <Label>Name</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField className="field" name="description" value={description} onChange={setDescription}>
        <Label>Description</Label>
        <Input />
        <FieldError />
      </TextField>
      <Pick label="Root role" name="rootRole" items={roles} value={rootRole} onChange={setRootRole} noneLabel="No root role" />
      <div className="field">
        <span className="label" id="group-members-label">
          Members
        </span>
        <ListBox
          aria-labelledby="group-members-label"
          className="listbox bordered"
          selectionMode="multiple"
          selectedKeys={members}
          onSelectionChange={setMembers}
        >
          {(users.data?.users ?? []).map((user) => (
            <ListBoxItem key={user.id} id={user.id} className="listbox-item">
              {user.username || user.email}
            </ListBoxItem>
          ))}
        </ListBox>
      </div>
    </FormDialog>
  );
}
