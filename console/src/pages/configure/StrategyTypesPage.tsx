import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, RowAction, useResource, useRowWrite } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

type StrategyType = Schemas['strategySchema'];
type Parameter = Schemas['createStrategyParameterSchema'];
type ParameterType = Parameter['type'];

const PARAMETER_TYPES: { id: ParameterType; name: string }[] = [
  { id: 'string', name: 'Text' },
  { id: 'percentage', name: 'Percentage' },
  { id: 'list', name: 'List' },
  { id: 'number', name: 'Number' },
  { id: 'boolean', name: 'Yes / no' },
];

/** The strategies a flag can use: the built-in ones, and custom ones whose parameters the SDKs read. */
export default function StrategyTypesPage() {
  const canCreate = usePermission('CREATE_STRATEGY');
  const canUpdate = usePermission('UPDATE_STRATEGY');
  const canDelete = usePermission('DELETE_STRATEGY');
  const strategies = useResource({
    queryKey: 'strategies',
    load: () => data(api.GET('/api/admin/strategies')),
    rows: (answer) => answer.strategies,
    remove: (strategy: StrategyType) => data(api.DELETE('/api/admin/strategies/{name}', { params: { path: { name: strategy.name } } })),
    nameOf: (strategy) => strategy.name,
  });
  const deprecation = useRowWrite((strategy: StrategyType) => {
    const path = { params: { path: { name: strategy.name } } };
    return strategy.deprecated
      ? data(api.POST('/api/admin/strategies/{name}/reactivate', path))
      : data(api.POST('/api/admin/strategies/{name}/deprecate', path));
  }, strategies.refresh);

  return (
    <ResourcePage
      title="Strategy types"
      create={{ label: 'New strategy type', permission: canCreate, onPress: strategies.create }}
      list={strategies.list}
      problem={deprecation.problem}
      rowKey={(strategy) => strategy.name}
      columns={[
        {
          header: 'Name',
          cell: (strategy) => (
            <>
              {strategy.displayName ?? strategy.name}
              {strategy.deprecated && <span className="badge warning">deprecated</span>}
              {!strategy.editable && <span className="badge">built in</span>}
            </>
          ),
        },
        { header: 'Description', cell: (strategy) => strategy.description },
        {
          header: 'Parameters',
          cell: (strategy) => strategy.parameters.map((parameter) => `${parameter.name} (${parameter.type})`).join(', ') || '—',
        },
      ]}
      actions={(strategy) => (
        <>
          <RowAction
            label={strategy.deprecated ? 'Reactivate' : 'Deprecate'}
            name={strategy.name}
            permission={canUpdate}
            onPress={() => deprecation.run(strategy)}
          />
          {strategy.editable && (
            <>
              <RowAction label="Edit" name={strategy.name} permission={canUpdate} onPress={() => strategies.edit(strategy)} />
              <RowAction label="Delete" name={strategy.name} permission={canDelete} danger onPress={() => strategies.askDelete(strategy)} />
            </>
          )}
        </>
      )}
    >
      {strategies.editing && <StrategyTypeForm strategy={strategies.edited} onDone={strategies.done} />}
      {strategies.deleteDialog}
    </ResourcePage>
  );
}

function StrategyTypeForm({ strategy, onDone }: { strategy?: StrategyType; onDone: () => void }) {
  const [name, setName] = useState(strategy?.name ?? '');
  const [title, setTitle] = useState(strategy?.displayName ?? '');
  const [description, setDescription] = useState(strategy?.description ?? '');
  const [parameters, setParameters] = useState<Parameter[]>(
    strategy?.parameters.map((parameter) => ({ ...parameter, type: parameter.type as ParameterType })) ?? [],
  );
  const change = (index: number, changes: Partial<Parameter>) =>
    setParameters((current) => current.map((parameter, at) => (at === index ? { ...parameter, ...changes } : parameter)));
  const save = () => {
    const body = {
      name,
      title: title || null,
      description: description || null,
      editable: true,
      deprecated: strategy?.deprecated ?? false,
      parameters,
    };
    return strategy
      ? data(api.PUT('/api/admin/strategies/{name}', { params: { path: { name: strategy.name } }, body }))
      : data(api.POST('/api/admin/strategies', { body }));
  };
  return (
    <ResourceForm noun="strategy type" existing={strategy?.name} save={save} onDone={onDone}>
      {!strategy && <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />}
      <TextInput label="Title" name="title" value={title} onChange={setTitle} />
      <TextInput label="Description" name="description" value={description} onChange={setDescription} />
      <fieldset className="parameters">
        <legend>Parameters</legend>
        {parameters.map((parameter, index) => (
          <div key={index} className="parameter-row">
            <TextInput
              label={`Parameter ${index + 1} name`}
              value={parameter.name}
              onChange={(value) => change(index, { name: value })}
              isRequired
            />
            <Pick
              label={`Parameter ${index + 1} type`}
              name={`parameters.${index}.type`}
              items={PARAMETER_TYPES}
              value={parameter.type}
              onChange={(value) => change(index, { type: value ?? 'string' })}
            />
            <Checkbox className="checkbox" isSelected={parameter.required ?? false} onChange={(required) => change(index, { required })}>
              Required
            </Checkbox>
            <Button
              className="button quiet danger"
              aria-label={`Remove parameter ${index + 1}`}
              onPress={() => setParameters((current) => current.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button className="button" onPress={() => setParameters((current) => [...current, { name: '', type: 'string', required: false }])}>
          Add parameter
        </Button>
      </fieldset>
    </ResourceForm>
  );
}
