import { useState } from 'react';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { Pick } from '../../ui/Pick';
import { ResourceForm, ResourcePage, RowAction, useResource, useRowWrite } from '../../ui/ResourcePage';
import { TextInput } from '../../ui/TextInput';

type Environment = Schemas['environmentSchema'];

const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'].map((type) => ({ id: type, name: type }));

/**
 * The environments flags are configured in, in their order; production ones are marked. Protected ones (the
 * service's own `default`) are neither edited, turned off nor deleted: the API refuses it.
 */
export default function EnvironmentsPage() {
  const canCreate = usePermission('CREATE_ENVIRONMENT');
  const canUpdate = usePermission('UPDATE_ENVIRONMENT');
  const canDelete = usePermission('DELETE_ENVIRONMENT');
  const environments = useResource({
    queryKey: 'environments',
    load: () => data(api.GET('/api/admin/environments')),
    rows: (answer) => answer.environments,
    remove: (environment: Environment) =>
      data(api.DELETE('/api/admin/environments/{name}', { params: { path: { name: environment.name } } })),
    nameOf: (environment) => environment.name,
  });
  const toggle = useRowWrite(
    (environment: Environment) => {
      const path = { params: { path: { name: environment.name } } };
      return environment.enabled
        ? data(api.POST('/api/admin/environments/{name}/off', path))
        : data(api.POST('/api/admin/environments/{name}/on', path));
    },
    environments.refresh,
    (environment) => `${environment.name} is turned ${environment.enabled ? 'off' : 'on'}.`,
  );
  return (
    <ResourcePage
      title="Environments"
      create={{ label: 'New environment', permission: canCreate, onPress: environments.create }}
      list={environments.list}
      status={toggle.status}
      problem={toggle.problem}
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
      actions={(environment) =>
        !environment.protected && (
          <>
            <RowAction
              label={environment.enabled ? 'Turn off' : 'Turn on'}
              name={environment.name}
              permission={canUpdate}
              onPress={() => toggle.run(environment)}
            />
            <RowAction label="Edit" name={environment.name} permission={canUpdate} onPress={() => environments.edit(environment)} />
            <RowAction
              label="Delete"
              name={environment.name}
              permission={canDelete}
              danger
              onPress={() => environments.askDelete(environment)}
            />
          </>
        )
      }
    >
      {environments.editing && <EnvironmentForm environment={environments.edited} onDone={environments.done} />}
      {environments.deleteDialog}
    </ResourcePage>
  );
}

/** A new environment's name and type; an existing one's type and place in the order (its name is its id). */
function EnvironmentForm({ environment, onDone }: { environment?: Environment; onDone: () => void }) {
  const [name, setName] = useState(environment?.name ?? '');
  const [type, setType] = useState<string | undefined>(environment?.type ?? 'development');
  const [sortOrder, setSortOrder] = useState(String(environment?.sortOrder ?? ''));
  const save = () =>
    environment
      ? data(
          api.PUT('/api/admin/environments/update/{name}', {
            params: { path: { name: environment.name } },
            body: { type: type ?? environment.type, sortOrder: Number(sortOrder) },
          }),
        )
      : data(api.POST('/api/admin/environments', { body: { name, type: type ?? 'development', enabled: true } }));
  return (
    <ResourceForm noun="environment" existing={environment?.name} save={save} onDone={onDone}>
      {!environment && <TextInput label="Name" name="name" value={name} onChange={setName} isRequired autoFocus />}
      <Pick label="Type" name="type" items={ENVIRONMENT_TYPES} value={type} onChange={setType} />
      {environment && <TextInput label="Sort order" name="sortOrder" type="number" value={sortOrder} onChange={setSortOrder} isRequired />}
    </ResourceForm>
  );
}
