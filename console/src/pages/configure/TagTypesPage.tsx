import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

type TagType = Schemas['tagTypeSchema'];

/** The kinds of tag a flag can carry (`simple`, `team`, …). */
export default function TagTypesPage() {
  const queryClient = useQueryClient();
  const canCreate = usePermission('CREATE_TAG_TYPE');
  const canUpdate = usePermission('UPDATE_TAG_TYPE');
  const canDelete = usePermission('DELETE_TAG_TYPE');
  const tagTypes = useQuery({ queryKey: ['tag-types'], queryFn: () => data(api.GET('/api/admin/tag-types')) });
  const [editing, setEditing] = useState<TagType | 'new'>();
  const [deleting, setDeleting] = useState<TagType>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tag-types'] });
  const remove = useMutation({
    mutationFn: (tagType: TagType) => data(api.DELETE('/api/admin/tag-types/{name}', { params: { path: { name: tagType.name } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="tag-types-heading" className="page">
      <div className="page-header">
        <h1 id="tag-types-heading">Tag types</h1>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setEditing('new')}>
          New tag type
        </GuardedButton>
      </div>
      {tagTypes.error && (
        <p role="alert" className="notice error">
          {tagTypes.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Tag types" aria-busy={tagTypes.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(tagTypes.data?.tagTypes ?? []).map((tagType) => (
              <tr key={tagType.name}>
                <td>{tagType.name}</td>
                <td>{tagType.description}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    onPress={() => setEditing(tagType)}
                    aria-label={`Edit ${tagType.name}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canDelete}
                    className="button quiet danger"
                    onPress={() => setDeleting(tagType)}
                    aria-label={`Delete ${tagType.name}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <TagTypeForm tagType={editing === 'new' ? undefined : editing} onDone={() => (setEditing(undefined), refresh())} />}
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

function TagTypeForm({ tagType, onDone }: { tagType?: TagType; onDone: () => void }) {
  const [name, setName] = useState(tagType?.name ?? '');
  const [description, setDescription] = useState(tagType?.description ?? '');
  const save = useMutation({
    mutationFn: () =>
      tagType
        ? data(api.PUT('/api/admin/tag-types/{name}', { params: { path: { name: tagType.name } }, body: { description } }))
        : data(api.POST('/api/admin/tag-types', { body: { name, description: description || null } })),
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={tagType ? `Edit ${tagType.name}` : 'New tag type'}
      submitLabel={tagType ? 'Save' : 'Create tag type'}
      pending={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onDone}
    >
      {!tagType && (
        <TextField className="field" name="name" value={name} onChange={setName} isRequired autoFocus>
          <Label>Name</Label>
          <Input />
          <FieldError />
        </TextField>
      )}
      <TextField className="field" name="description" value={description} onChange={setDescription}>
        <Label>Description</Label>
        <Input />
        <FieldError />
      </TextField>
    </FormDialog>
  );
}
