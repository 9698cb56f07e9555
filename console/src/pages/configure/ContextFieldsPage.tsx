import { useState } from 'react';
import { Button, Checkbox, Label, TextArea, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ResourceForm, ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

type ContextField = Schemas['contextFieldSchema'];
type LegalValue = Schemas['legalValueSchema'];

/** The context fields constraints and custom stickiness use, with the values each accepts. */
export default function ContextFieldsPage() {
  const canCreate = usePermission('CREATE_CONTEXT_FIELD');
  const canUpdate = usePermission('UPDATE_CONTEXT_FIELD');
  const canDelete = usePermission('DELETE_CONTEXT_FIELD');
  const fields = useResource({
    queryKey: 'context-fields',
    load: () => data(api.GET('/api/admin/context')),
    rows: (answer) => answer,
    remove: (field: ContextField) =>
      data(api.DELETE('/api/admin/context/{contextField}', { params: { path: { contextField: field.name } } })),
    nameOf: (field) => field.name,
  });
  return (
    <ResourcePage
      title="Context fields"
      create={{ label: 'New context field', permission: canCreate, onPress: fields.create }}
      list={fields.list}
      rowKey={(field) => field.name}
      columns={[
        { header: 'Name', cell: (field) => field.name },
        { header: 'Description', cell: (field) => field.description },
        { header: 'Legal values', cell: (field) => field.legalValues.length },
        { header: 'Stickiness', cell: (field) => (field.stickiness ? 'Yes' : 'No') },
        { header: 'Used in', cell: (field) => `${field.usedInFeatures} flags, ${field.usedInProjects} projects` },
      ]}
      actions={(field) => (
        <>
          <RowAction label="Edit" name={field.name} permission={canUpdate} onPress={() => fields.edit(field)} />
          <RowAction label="Delete" name={field.name} permission={canDelete} danger onPress={() => fields.askDelete(field)} />
        </>
      )}
      empty="No context fields yet."
    >
      {fields.editing && <ContextFieldForm field={fields.edited} onDone={fields.done} />}
      {fields.deleteDialog}
    </ResourcePage>
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
  const save = () => {
    const body = { description: description || null, stickiness, legalValues };
    return field
      ? data(api.PUT('/api/admin/context/{contextField}', { params: { path: { contextField: field.name } }, body }))
      : data(api.POST('/api/admin/context', { body: { name, ...body } }));
  };
  const change = (index: number, changes: Partial<LegalValue>) =>
    setLegalValues((values) => values.map((value, at) => (at === index ? { ...value, ...changes } : value)));
  const addPasted = () => {
    const known = new Set(legalValues.map((value) => value.value));
    setLegalValues([...legalValues, ...parseLegalValues(pasted).filter((value) => !known.has(value.value))]);
    setPasted('');
  };
  return (
    <ResourceForm noun="context field" existing={field?.name} save={save} onDone={onDone}>
      {!field && <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />}
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
      <Checkbox className="checkbox" isSelected={stickiness} onChange={setStickiness}>
        Custom stickiness
      </Checkbox>
      <fieldset className="stack">
        <legend>Legal values (none: any value)</legend>
        {legalValues.map((legalValue, index) => (
          <div className="row" key={index}>
            <TextInput label={`Value ${index + 1}`} value={legalValue.value} onChange={(value) => change(index, { value })} isRequired />
            <TextInput
              label={`Value ${index + 1} description`}
              className="field grow"
              value={legalValue.description ?? ''}
              onChange={(description) => change(index, { description: description || null })}
            />
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
    </ResourceForm>
  );
}
