import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

type Role = Schemas['roleSummarySchema'];
type RoleType = 'root-custom' | 'custom';

/** Admin: the built-in roles, and custom ones made from a pick of permissions. */
export default function RolesPage() {
  const queryClient = useQueryClient();
  const canAdmin = usePermission('ADMIN');
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => data(api.GET('/api/admin/roles')) });
  const [editing, setEditing] = useState<Role | 'new'>();
  const [deleting, setDeleting] = useState<Role>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['roles'] });
  const remove = useMutation({
    mutationFn: (role: Role) => data(api.DELETE('/api/admin/roles/{id}', { params: { path: { id: role.id } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });
  const custom = (role: Role) => role.type === 'custom' || role.type === 'root-custom';

  return (
    <section aria-labelledby="roles-heading" className="page">
      <div className="page-header">
        <h1 id="roles-heading">Roles</h1>
        <GuardedButton permission={canAdmin} className="button primary" onPress={() => setEditing('new')}>
          New role
        </GuardedButton>
      </div>
      {roles.error && (
        <p role="alert" className="notice error">
          {roles.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Roles" aria-busy={roles.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Description</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(roles.data?.roles ?? []).map((role) => (
              <tr key={role.id}>
                <td>{role.name}</td>
                <td>{role.type.startsWith('root') ? 'Root' : 'Project'}</td>
                <td>{role.description}</td>
                <td className="actions">
                  {custom(role) && (
                    <>
                      <GuardedButton
                        permission={canAdmin}
                        className="button quiet"
                        onPress={() => setEditing(role)}
                        aria-label={`Edit ${role.name}`}
                      >
                        Edit
                      </GuardedButton>
                      <GuardedButton
                        permission={canAdmin}
                        className="button quiet danger"
                        onPress={() => setDeleting(role)}
                        aria-label={`Delete ${role.name}`}
                      >
                        Delete
                      </GuardedButton>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <RoleForm role={editing === 'new' ? undefined : editing} onDone={() => (setEditing(undefined), refresh())} />}
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
  const save = useMutation({
    mutationFn: () => {
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
    },
    onSuccess: onDone,
  });
  const permissions = catalogue.data?.permissions;
  return (
    <FormDialog
      title={role ? `Edit ${role.name}` : 'New role'}
      submitLabel={role ? 'Save' : 'Create role'}
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
    </FormDialog>
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
