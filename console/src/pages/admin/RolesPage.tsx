import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ResourceForm, ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

type Role = Schemas['roleSummarySchema'];
type RoleType = 'root-custom' | 'custom';

/** Admin: the built-in roles, and custom ones made from a pick of permissions. */
export default function RolesPage() {
  const canAdmin = usePermission('ADMIN');
  const roles = useResource({
    queryKey: 'roles',
    load: () => data(api.GET('/api/admin/roles')),
    rows: (answer) => answer.roles,
    remove: (role: Role) => data(api.DELETE('/api/admin/roles/{id}', { params: { path: { id: role.id } } })),
    nameOf: (role) => role.name,
  });
  const custom = (role: Role) => role.type === 'custom' || role.type === 'root-custom';
  return (
    <ResourcePage
      title="Roles"
      create={{ label: 'New role', permission: canAdmin, onPress: roles.create }}
      list={roles.list}
      rowKey={(role) => role.id}
      columns={[
        { header: 'Name', cell: (role) => role.name },
        { header: 'Kind', cell: (role) => (role.type.startsWith('root') ? 'Root' : 'Project') },
        { header: 'Description', cell: (role) => role.description },
      ]}
      actions={(role) =>
        custom(role) && (
          <>
            <RowAction label="Edit" name={role.name} permission={canAdmin} onPress={() => roles.edit(role)} />
            <RowAction label="Delete" name={role.name} permission={canAdmin} danger onPress={() => roles.askDelete(role)} />
          </>
        )
      }
    >
      {roles.editing && <RoleForm role={roles.edited} onDone={roles.done} />}
      {roles.deleteDialog}
    </ResourcePage>
  );
}

/** The permission picker: root permissions for a root role; project and per-environment ones for a project role. */
function RoleForm({ role, onDone }: { role?: Role; onDone: () => void }) {
  const catalogue = useQuery({ queryKey: ['permissions'], queryFn: () => data(api.GET('/api/admin/permissions')) });
  const existing = useQuery({
    queryKey: ['roles', role?.id],
    queryFn: () => data(api.GET('/api/admin/roles/{id}', { params: { path: { id: role!.id } } })),
    enabled: role !== undefined,
  });
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [type, setType] = useState<RoleType>((role?.type as RoleType | undefined) ?? 'custom');
  const [picked, setPicked] = useState<string[]>();
  const chosen = picked ?? (existing.data?.permissions ?? []).map((permission) => key(permission.name, permission.environment));
  const save = () => {
    const body = {
      name,
      description: description || null,
      type,
      permissions: chosen.map((entry) => {
        const [permissionName, environment] = entry.split('@');
        return environment ? { name: permissionName, environment } : { name: permissionName };
      }),
    };
    return role
      ? data(api.PUT('/api/admin/roles/{id}', { params: { path: { id: role.id } }, body }))
      : data(api.POST('/api/admin/roles', { body }));
  };
  const permissions = catalogue.data?.permissions;
  return (
    <ResourceForm noun="role" existing={role?.name} save={save} onDone={onDone}>
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
      {!role && (
        <RadioGroup className="field" value={type} onChange={(value) => (setType(value as RoleType), setPicked([]))}>
          <Label>Kind</Label>
          <Radio value="custom">Project role</Radio>
          <Radio value="root-custom">Root role</Radio>
        </RadioGroup>
      )}
      {permissions && (
        <CheckboxGroup className="field permission-picker" value={chosen} onChange={setPicked}>
          <Label>Permissions</Label>
          {type === 'root-custom' ? (
            <PermissionList permissions={permissions.root} />
          ) : (
            <>
              <PermissionList permissions={permissions.project} />
              {permissions.environments.map((environment) => (
                <fieldset key={environment.name}>
                  <legend>In {environment.name}</legend>
                  <PermissionList permissions={environment.permissions} environment={environment.name} />
                </fieldset>
              ))}
            </>
          )}
        </CheckboxGroup>
      )}
    </ResourceForm>
  );
}

const key = (name: string, environment?: string | null) => (environment ? `${name}@${environment}` : name);

function PermissionList({ permissions, environment }: { permissions: Schemas['CataloguePermissionSchema'][]; environment?: string }) {
  return (
    <div className="checkbox-columns">
      {permissions.map((permission) => (
        <Checkbox key={key(permission.name, environment)} value={key(permission.name, environment)} className="checkbox">
          {permission.name}
        </Checkbox>
      ))}
    </div>
  );
}
