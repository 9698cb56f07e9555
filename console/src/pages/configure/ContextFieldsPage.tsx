import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Checkbox, FieldError, Input, Label, TextArea, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

type ContextField = Schemas['contextFieldSchema'];
type LegalValue = Schemas['legalValueSchema'];

/** The context fields constraints and custom stickiness use, with the values each accepts. */
export default function ContextFieldsPage() {
  const queryClient = useQueryClient();
  const canCreate = usePermission('CREATE_CONTEXT_FIELD');
  const canUpdate = usePermission('UPDATE_CONTEXT_FIELD');
  const canDelete = usePermission('DELETE_CONTEXT_FIELD');
  const fields = useQuery({ queryKey: ['context-fields'], queryFn: () => data(api.GET('/api/admin/context')) });
  const [editing, setEditing] = useState<ContextField | 'new'>();
  const [deleting, setDeleting] = useState<ContextField>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['context-fields'] });
  const remove = useMutation({
    mutationFn: (field: ContextField) =>
      data(api.DELETE('/api/admin/context/{contextField}', { params: { path: { contextField: field.name } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="context-fields-heading" className="page">
      <div className="page-header">
        <h1 id="context-fields-heading">Context fields</h1>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setEditing('new')}>
          New context field
        </GuardedButton>
      </div>
      {fields.error && (
        <p role="alert" className="notice error">
          {fields.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Context fields" aria-busy={fields.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Legal values</th>
              <th scope="col">Stickiness</th>
              <th scope="col">Used in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(fields.data ?? []).map((field) => (
              <tr key={field.name}>
                <td>{field.name}</td>
                <td>{field.description}</td>
                <td>{field.legalValues.length}</td>
                <td>{field.stickiness ? 'Yes' : 'No'}</td>
                <td>
                  {field.usedInFeatures} flags, {field.usedInProjects} projects
                </td>
                <td className="actions">
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    onPress={() => setEditing(field)}
                    aria-label={`Edit ${field.name}`}
                  >
                    Edit
                  </GuardedButton>
                  <GuardedButton
                    permission={canDelete}
                    className="button quiet danger"
                    onPress={() => setDeleting(field)}
                    aria-label={`Delete ${field.name}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {fields.data?.length === 0 && <div className="empty">No context fields yet.</div>}
      </div>
      {editing && <ContextFieldForm field={editing === 'new' ? undefined : editing} onDone={() => (setEditing(undefined), refresh())} />}
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

/** "gold: Customers on the gold plan" lines, one value a line; a value without a colon has no description. */
function parseLegalValues(text: string): LegalValue[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon < 0 ? { value: line } : { value: line.slice(0, colon).trim(), description: line.slice(colon + 1).trim() || null };
    });
}

function ContextFieldForm({ field, onDone }: { field?: ContextField; onDone: () => void }) {
  const [name, setName] = useState(field?.name ?? '');
  const [description, setDescription] = useState(field?.description ?? '');
  const [stickiness, setStickiness] = useState(field?.stickiness ?? false);
  const [legalValues, setLegalValues] = useState<LegalValue[]>(field?.legalValues ?? []);
  const [pasted, setPasted] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const body = { description: description || null, stickiness, legalValues };
      return field
        ? data(api.PUT('/api/admin/context/{contextField}', { params: { path: { contextField: field.name } }, body }))
        : data(api.POST('/api/admin/context', { body: { name, ...body } }));
    },
    onSuccess: onDone,
  });
  const change = (index: number, changes: Partial<LegalValue>) =>
    setLegalValues((values) => values.map((value, at) => (at === index ? { ...value, ...changes } : value)));
  const addPasted = () => {
    const known = new Set(legalValues.map((value) => value.value));
    setLegalValues([...legalValues, ...parseLegalValues(pasted).filter((value) => !known.has(value.value))]);
    setPasted('');
  };
  return (
    <FormDialog
      title={field ? `Edit ${field.name}` : 'New context field'}
      submitLabel={field ? 'Save' : 'Create context field'}
      pending={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onDone}
    >
      {!field && (
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
      <Checkbox className="checkbox" isSelected={stickiness} onChange={setStickiness}>
        Custom stickiness
      </Checkbox>
      <fieldset className="stack">
        <legend>Legal values (none: any value)</legend>
        {legalValues.map((legalValue, index) => (
          <div className="row" key={index}>
            <TextField className="field" value={legalValue.value} onChange={(value) => change(index, { value })} isRequired>
              <Label>Value {index + 1}</Label>
              <Input />
            </TextField>
            <TextField
              className="field grow"
              value={legalValue.description ?? ''}
              onChange={(description) => change(index, { description: description || null })}
            >
              <Label>Value {index + 1} description</Label>
              <Input />
            </TextField>
            <Button className="button quiet" onPress={() => setLegalValues((values) => values.filter((_, at) => at !== index))}>
              Remove value {index + 1}
            </Button>
          </div>
        ))}
        <Button className="button" onPress={() => setLegalValues((values) => [...values, { value: '' }])}>
          Add value
        </Button>
        <TextField className="field" value={pasted} onChange={setPasted}>
          <Label>Paste values, one a line (value: description)</Label>
          <TextArea rows={3} />
        </TextField>
        <Button className="button" isDisabled={!pasted.trim()} onPress={addPasted}>
          Add pasted values
        </Button>
      </fieldset>
    </FormDialog>
  );
}
