import { useState } from 'react';
import { Button } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ResourceForm, ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';
import { type Constraint, cleanedConstraint, ConstraintEditor, newConstraint } from '../flag/ConstraintEditor';

type Segment = Schemas['adminSegmentSchema'];

/** Named sets of constraints that strategies share. */
export default function SegmentsPage() {
  const canCreate = usePermission('CREATE_SEGMENT');
  const canUpdate = usePermission('UPDATE_SEGMENT');
  const canDelete = usePermission('DELETE_SEGMENT');
  const segments = useResource({
    queryKey: 'segments',
    load: () => data(api.GET('/api/admin/segments')),
    rows: (answer) => answer.segments,
    remove: (segment: Segment) => data(api.DELETE('/api/admin/segments/{id}', { params: { path: { id: segment.id } } })),
    nameOf: (segment) => segment.name,
  });
  return (
    <ResourcePage
      title="Segments"
      create={{ label: 'New segment', permission: canCreate, onPress: segments.create }}
      list={segments.list}
      rowKey={(segment) => segment.id}
      columns={[
        { header: 'Name', cell: (segment) => segment.name },
        { header: 'Description', cell: (segment) => segment.description },
        { header: 'Constraints', cell: (segment) => segment.constraints.length },
        { header: 'Used in', cell: (segment) => `${segment.usedInFeatures} flags, ${segment.usedInProjects} projects` },
      ]}
      actions={(segment) => (
        <>
          <RowAction label="Edit" name={segment.name} permission={canUpdate} onPress={() => segments.edit(segment)} />
          <RowAction label="Delete" name={segment.name} permission={canDelete} danger onPress={() => segments.askDelete(segment)} />
        </>
      )}
      empty="No segments yet."
    >
      {segments.editing && <SegmentForm segment={segments.edited} onDone={segments.done} />}
      {segments.deleteDialog}
    </ResourcePage>
  );
}

function SegmentForm({ segment, onDone }: { segment?: Segment; onDone: () => void }) {
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [constraints, setConstraints] = useState<Constraint[]>(segment?.constraints ?? []);
  const save = () => {
    const body = {
      name,
      description: description || null,
      project: segment?.project ?? null,
      constraints: constraints.map(cleanedConstraint),
    };
    return segment
      ? data(api.PUT('/api/admin/segments/{id}', { params: { path: { id: segment.id } }, body }))
      : data(api.POST('/api/admin/segments', { body }));
  };
  return (
    <ResourceForm noun="segment" existing={segment?.name} save={save} onDone={onDone}>
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
      {constraints.map((constraint, index) => (
        <ConstraintEditor
          key={index}
          constraint={constraint}
          index={index}
          onChange={(changed) => setConstraints((all) => all.map((existing, at) => (at === index ? changed : existing)))}
          onRemove={() => setConstraints((all) => all.filter((_, at) => at !== index))}
        />
      ))}
      <Button className="button" onPress={() => setConstraints((all) => [...all, newConstraint()])}>
        Add constraint
      </Button>
    </ResourceForm>
  );
}
