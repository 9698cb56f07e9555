import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Checkbox, FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

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
  const queryClient = useQueryClient();
  const canCreate = usePermission('CREATE_STRATEGY');
  const canUpdate = usePermission('UPDATE_STRATEGY');
  const canDelete = usePermission('DELETE_STRATEGY');
  const strategies = useQuery({ queryKey: ['strategies'], queryFn: () => data(api.GET('/api/admin/strategies')) });
  const [editing, setEditing] = useState<StrategyType | 'new'>();
  const [deleting, setDeleting] = useState<StrategyType>();
  const [message, setMessage] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['strategies'] });
  const remove = useMutation({
    mutationFn: (strategy: StrategyType) => data(api.DELETE('/api/admin/strategies/{name}', { params: { path: { name: strategy.name } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });
  const deprecation = useMutation({
    mutationFn: (strategy: StrategyType) => {
      const path = { params: { path: { name: strategy.name } } };
      return strategy.deprecated
        ? data(api.POST('/api/admin/strategies/{name}/reactivate', path))
        : data(api.POST('/api/admin/strategies/{name}/deprecate', path));
    },
    onError: (error) => setMessage(error.message),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="strategy-types-heading" className="page">
      <div className="page-header">
        <h1 id="strategy-types-heading">Strategy types</h1>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setEditing('new')}>
          New strategy type
        </GuardedButton>
      </div>
      {(strategies.error || message) && (
        <p role="alert" className="notice error">
          {strategies.error?.message ?? message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Strategy types" aria-busy={strategies.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Parameters</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(strategies.data?.strategies ?? []).map((strategy) => (
              <tr key={strategy.name}>
                <td>
                  {strategy.displayName ?? strategy.name}
                  {strategy.deprecated && <span className="badge warning">deprecated</span>}
                  {!strategy.editable && <span className="badge">built in</span>}
                </td>
                <td>{strategy.description}</td>
                <td>{strategy.parameters.map((parameter) => `${parameter.name} (${parameter.type})`).join(', ') || '—'}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canUpdate}
                    className="button quiet"
                    onPress={() => deprecation.mutate(strategy)}
                    aria-label={`${strategy.deprecated ? 'Reactivate' : 'Deprecate'} ${strategy.name}`}
                  >
                    {strategy.deprecated ? 'Reactivate' : 'Deprecate'}
                  </GuardedButton>
                  {strategy.editable && (
                    <>
                      <GuardedButton
                        permission={canUpdate}
                        className="button quiet"
                        onPress={() => setEditing(strategy)}
                        aria-label={`Edit ${strategy.name}`}
                      >
                        Edit
                      </GuardedButton>
                      <GuardedButton
                        permission={canDelete}
                        className="button quiet danger"
                        onPress={() => setDeleting(strategy)}
                        aria-label={`Delete ${strategy.name}`}
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
      {editing && <StrategyTypeForm strategy={editing === 'new' ? undefined : editing} onDone={() => (setEditing(undefined), refresh())} />}
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

function StrategyTypeForm({ strategy, onDone }: { strategy?: StrategyType; onDone: () => void }) {
  const [name, setName] = useState(strategy?.name ?? '');
  const [title, setTitle] = useState(strategy?.displayName ?? '');
  const [description, setDescription] = useState(strategy?.description ?? '');
  const [parameters, setParameters] = useState<Parameter[]>(
    strategy?.parameters.map((parameter) => ({ ...parameter, type: parameter.type as ParameterType })) ?? [],
  );
  const change = (index: number, changes: Partial<Parameter>) =>
    setParameters((current) => current.map((parameter, at) => (at === index ? { ...parameter, ...changes } : parameter)));
  const save = useMutation({
    mutationFn: () => {
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
    },
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={strategy ? `Edit ${strategy.name}` : 'New strategy type'}
      submitLabel={strategy ? 'Save' : 'Create strategy type'}
      pending={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onDone}
    >
      {!strategy && (
        <TextField className="field" name="name" value={name} onChange={setName} isRequired autoFocus>
          <Label>Name</Label>
          <Input />
          <FieldError />
        </TextField>
      )}
      <TextField className="field" name="title" value={title} onChange={setTitle}>
        <Label>Title</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField className="field" name="description" value={description} onChange={setDescription}>
        <Label>Description</Label>
        <Input />
        <FieldError />
      </TextField>
      <fieldset className="parameters">
        <legend>Parameters</legend>
        {parameters.map((parameter, index) => (
          <div key={index} className="parameter-row">
            <TextField className="field" value={parameter.name} onChange={(value) => change(index, { name: value })} isRequired>
              <Label>Parameter {index + 1} name</Label>
              <Input />
            </TextField>
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
    </FormDialog>
  );
}
