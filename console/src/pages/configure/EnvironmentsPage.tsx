import { useState } from 'react';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, useResource } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'].map((type) => ({ id: type, name: type }));

/** The environments flags are configured in, in their order; production ones are marked. */
export default function EnvironmentsPage() {
  const canCreate = usePermission('CREATE_ENVIRONMENT');
  const environments = useResource({
    queryKey: 'environments',
    load: () => data(api.GET('/api/admin/environments')),
    rows: (answer) => answer.environments,
  });
  return (
    <ResourcePage
      title="Environments"
      create={{ label: 'New environment', permission: canCreate, onPress: environments.create }}
      list={environments.list}
      rowKey={(environment) => environment.name}
      columns={[
        {
          header: 'Name',
          cell: (environment) => (
            <>
              {environment.name}
              {environment.protected && <span className="badge">protected</span>}
            </>
          ),
        },
        {
          header: 'Type',
          cell: (environment) =>
            environment.type === 'production' ? <span className="badge production">production</span> : environment.type,
        },
        { header: 'State', cell: (environment) => (environment.enabled ? 'On' : 'Off') },
        { header: 'Projects', cell: (environment) => environment.projectCount },
        { header: 'Flags on', cell: (environment) => environment.enabledToggleCount },
        { header: 'API tokens', cell: (environment) => environment.apiTokenCount },
      ]}
    >
      {environments.editing && <EnvironmentForm onDone={environments.done} />}
    </ResourcePage>
  );
}

function EnvironmentForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<string | undefined>('development');
  return (
    <ResourceForm
      noun="environment"
      save={() => data(api.POST('/api/admin/environments', { body: { name, type: type ?? 'development', enabled: true } }))}
      onDone={onDone}
    >
      <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />
      <Pick label="Type" name="type" items={ENVIRONMENT_TYPES} value={type} onChange={setType} />
    </ResourceForm>
  );
}
