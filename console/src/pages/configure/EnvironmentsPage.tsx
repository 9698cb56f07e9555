import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';

const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'].map((type) => ({ id: type, name: type }));

/** The environments flags are configured in, in their order; production ones are marked. */
export default function EnvironmentsPage() {
  const queryClient = useQueryClient();
  const canCreate = usePermission('CREATE_ENVIRONMENT');
  const environments = useQuery({ queryKey: ['environments'], queryFn: () => data(api.GET('/api/admin/environments')) });
  const [creating, setCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['environments'] });

  return (
    <section aria-labelledby="environments-heading" className="page">
      <div className="page-header">
        <h1 id="environments-heading">Environments</h1>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setCreating(true)}>
          New environment
        </GuardedButton>
      </div>
      {environments.error && (
        <p role="alert" className="notice error">
          {environments.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="Environments" aria-busy={environments.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">State</th>
              <th scope="col">Projects</th>
              <th scope="col">Flags on</th>
              <th scope="col">API tokens</th>
            </tr>
          </thead>
          <tbody>
            {(environments.data?.environments ?? []).map((environment) => (
              <tr key={environment.name}>
                <td>
                  {environment.name}
                  {environment.protected && <span className="badge">protected</span>}
                </td>
                <td>{environment.type === 'production' ? <span className="badge production">production</span> : environment.type}</td>
                <td>{environment.enabled ? 'On' : 'Off'}</td>
                <td>{environment.projectCount}</td>
                <td>{environment.enabledToggleCount}</td>
                <td>{environment.apiTokenCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {creating && <EnvironmentForm onDone={() => (setCreating(false), refresh())} />}
    </section>
  );
}

function EnvironmentForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<string | undefined>('development');
  const create = useMutation({
    mutationFn: () => data(api.POST('/api/admin/environments', { body: { name, type: type ?? 'development', enabled: true } })),
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title="New environment"
      submitLabel="Create environment"
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onCancel={onDone}
    >
      <TextField className="field" name="name" value={name} onChange={setName} isRequired autoFocus>
        <Label>Name</Label>
        <Input />
        <FieldError />
      </TextField>
      <Pick label="Type" name="type" items={ENVIRONMENT_TYPES} value={type} onChange={setType} />
    </FormDialog>
  );
}
