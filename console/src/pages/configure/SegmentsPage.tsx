import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';
import { type Constraint, cleanedConstraint, ConstraintEditor, newConstraint } from '../flag/ConstraintEditor';

type Segment = Schemas['adminSegmentSchema'];

/** Named sets of constraints that strategies share. */
export default function SegmentsPage() {
  const queryClient = useQueryClient();
  const canCreate = usePermission('CREATE_SEGMENT');
  const canUpdate = usePermission('UPDATE_SEGMENT');
  const canDelete = usePermission('DELETE_SEGMENT');
  const segments = useQuery({ queryKey: ['segments'], queryFn: () => data(api.GET('/api/admin/segments')) });
  const [editing, setEditing] = useState<Segment | 'new'>();
  const [deleting, setDeleting] = useState<Segment>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['segments'] });
  const remove = useMutation({
    mutationFn: (segment: Segment) => data(api.DELETE('/api/admin/segments/{id}', { params: { path: { id: segment.id } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="segments-heading" className="page">
      <div className="page-header">
        <h1 id="segments-heading">Segments</h1>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setEditing('new')}>
          New segment
        </GuardedButton>
      </div>
      {segments.error && (
        <p role="alert" className="notice error">
          {segments.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Segments" aria-busy={segments.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Constraints</th>
              <th scope="col">Used in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(segments.data?.segments ?? []).map((segment) => (
              <tr key={segment.id}>
                <td>{segment.name}</td>
                <td>{segment.description}</td>
                <td>{segment.constraints.length}</td>
                <td>
                  {segment.usedInFeatures} flags, {segment.usedInProjects} projects
                </td>
                <td className="actions">
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    onPress={() => setEditing(segment)}
                    aria-label={`Edit ${segment.name}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canDelete}
                    className="button quiet danger"
                    onPress={() => setDeleting(segment)}
                    aria-label={`Delete ${segment.name}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {segments.data?.segments.length === 0 && <div className="empty">No segments yet.</div>}
      </div>
      {editing && <SegmentForm segment={editing === 'new' ? undefined : editing} onDone={() => (setEditing(undefined), refresh())} />}
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

function SegmentForm({ segment, onDone }: { segment?: Segment; onDone: () => void }) {
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [constraints, setConstraints] = useState<Constraint[]>(segment?.constraints ?? []);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        description: description || null,
        project: segment?.project ?? null,
        constraints: constraints.map(cleanedConstraint),
      };
      return segment
        ? data(api.PUT('/api/admin/segments/{id}', { params: { path: { id: segment.id } }, body }))
        : data(api.POST('/api/admin/segments', { body }));
    },
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={segment ? `Edit ${segment.name}` : 'New segment'}
      submitLabel={segment ? 'Save' : 'Create segment'}
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
    </FormDialog>
  );
}
