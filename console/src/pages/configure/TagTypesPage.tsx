import { useState } from 'react';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ResourceForm, ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

type TagType = Schemas['tagTypeSchema'];

/** The kinds of tag a flag can carry (`simple`, `team`, …). */
export default function TagTypesPage() {
  const canCreate = usePermission('CREATE_TAG_TYPE');
  const canUpdate = usePermission('UPDATE_TAG_TYPE');
  const canDelete = usePermission('DELETE_TAG_TYPE');
  const tagTypes = useResource({
    queryKey: 'tag-types',
    load: () => data(api.GET('/api/admin/tag-types')),
    rows: (answer) => answer.tagTypes,
    remove: (tagType: TagType) => data(api.DELETE('/api/admin/tag-types/{name}', { params: { path: { name: tagType.name } } })),
    nameOf: (tagType) => tagType.name,
  });
  return (
    <ResourcePage
      title="Tag types"
      create={{ label: 'New tag type', permission: canCreate, onPress: tagTypes.create }}
      list={tagTypes.list}
      rowKey={(tagType) => tagType.name}
      columns={[
        { header: 'Name', cell: (tagType) => tagType.name },
        { header: 'Description', cell: (tagType) => tagType.description },
      ]}
      actions={(tagType) => (
        <>
          <RowAction label="Edit" name={tagType.name} permission={canUpdate} onPress={() => tagTypes.edit(tagType)} />
          <RowAction label="Delete" name={tagType.name} permission={canDelete} danger onPress={() => tagTypes.askDelete(tagType)} />
        </>
      )}
    >
      {tagTypes.editing && <TagTypeForm tagType={tagTypes.edited} onDone={tagTypes.done} />}
      {tagTypes.deleteDialog}
    </ResourcePage>
  );
}

function TagTypeForm({ tagType, onDone }: { tagType?: TagType; onDone: () => void }) {
  const [name, setName] = useState(tagType?.name ?? '');
  const [description, setDescription] = useState(tagType?.description ?? '');
  return (
    <ResourceForm
      noun="tag type"
      existing={tagType?.name}
      save={() =>
        tagType
          ? data(api.PUT('/api/admin/tag-types/{name}', { params: { path: { name: tagType.name } }, body: { description } }))
          : data(api.POST('/api/admin/tag-types', { body: { name, description: description || null } }))
      }
      onDone={onDone}
    >
      {!tagType && <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />}
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
    </ResourceForm>
  );
}
