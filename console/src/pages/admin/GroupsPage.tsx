import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';
import { useRootRoles } from './useRootRoles';

type Group = Schemas['groupSchema'];

/** Admin: groups of people (the spec's group listing), their members and the root role they give. */
export default function GroupsPage() {
  const canAdmin = usePermission('ADMIN');
  const groups = useResource({
    queryKey: 'groups',
    load: () => data(api.GET('/api/admin/groups')),
    rows: (answer) => answer.groups,
    remove: (group: Group) => data(api.DELETE('/api/admin/groups/{id}', { params: { path: { id: group.id } } })),
    nameOf: (group) => group.name,
  });
  const { rootRoles, nameOf } = useRootRoles();
  return (
    <ResourcePage
      title="Groups"
      create={{ label: 'New group', permission: canAdmin, onPress: groups.create }}
      list={groups.list}
      rowKey={(group) => group.id}
      columns={[
        {
          header: 'Name',
          cell: (group) => (
            <>
              {group.name}
              {group.description && <div className="muted small">{group.description}</div>}
            </>
          ),
        },
        { header: 'Root role', cell: (group) => (group.rootRole === null ? '—' : nameOf(group.rootRole)) },
        {
          header: 'Members',
          cell: (group) => (
            <>
              {group.userCount}
              <span className="muted small"> {group.users.map((member) => member.user.username || member.user.email).join(', ')}</span>
            </>
          ),
        },
        { header: 'Projects', cell: (group) => group.projects.join(', ') || '—' },
      ]}
      actions={(group) => (
        <>
          <RowAction label="Edit" name={group.name} permission={canAdmin} onPress={() => groups.edit(group)} />
          <RowAction label="Delete" name={group.name} permission={canAdmin} danger onPress={() => groups.askDelete(group)} />
        </>
      )}
      empty="No groups yet. A group gives its members a role at once, on the whole service or in projects."
    >
      {groups.editing && <GroupForm group={groups.edited} roles={rootRoles} onDone={groups.done} />}
      {groups.deleteDialog}
    </ResourcePage>
  );
}

function GroupForm({ group, roles, onDone }: { group?: Group; roles: { id: number; name: string }[]; onDone: () => void }) {
  const users = useQuery({ queryKey: ['users'], queryFn: () => data(api.GET('/api/admin/user-admin')) });
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [rootRole, setRootRole] = useState<number | undefined>(group?.rootRole ?? undefined);
  const [members, setMembers] = useState<Selection>(new Set(group?.users.map((member) => member.user.id) ?? []));
  const save = () => {
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
  };
  return (
    <ResourceForm noun="group" existing={group?.name} save={save} onDone={onDone}>
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
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
    </ResourceForm>
  );
}
