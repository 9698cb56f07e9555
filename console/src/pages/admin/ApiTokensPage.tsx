import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { Pick } from '../../ui/Pick';
import { ResourcePage, RowAction, useResource } from '../../ui/ResourcePage';
import { SecretDialog } from '../../ui/SecretOnce';
import { TextInput } from '../../ui/TextInput';

const listTokens = () => data(api.GET('/api/admin/api-tokens'));
type Token = Awaited<ReturnType<typeof listTokens>>['tokens'][number];
type TokenType = Token['type'];

const TYPES: { id: TokenType; name: string }[] = [
  { id: 'backend', name: 'Backend SDK' },
  { id: 'frontend', name: 'Frontend SDK' },
  { id: 'admin', name: 'Admin API' },
];

/** Admin: tokens for SDKs and scripts; a new token's secret is shown once. */
export default function ApiTokensPage() {
  const canAdmin = usePermission('ADMIN');
  const tokens = useResource({
    queryKey: 'api-tokens',
    load: listTokens,
    rows: (answer) => answer.tokens,
    remove: (token: Token) => data(api.DELETE('/api/admin/api-tokens/{id}', { params: { path: { id: String(token.id) } } })),
    nameOf: (token) => token.tokenName,
  });
  return (
    <ResourcePage
      title="API tokens"
      create={{ label: 'New API token', permission: canAdmin, onPress: tokens.create }}
      list={tokens.list}
      rowKey={(token) => token.id}
      columns={[
        {
          header: 'Name',
          cell: (token) => (
            <>
              {token.tokenName}
              {token.secretPrefix && <div className="muted small">{token.secretPrefix}…</div>}
            </>
          ),
        },
        { header: 'Type', cell: (token) => TYPES.find((type) => type.id === token.type)?.name ?? token.type },
        { header: 'Projects', cell: (token) => token.projects.join(', ') },
        { header: 'Environment', cell: (token) => token.environment },
        { header: 'Expires', cell: (token) => (token.expiresAt ? new Date(token.expiresAt).toLocaleDateString() : 'never') },
        { header: 'Last seen', cell: (token) => (token.seenAt ? new Date(token.seenAt).toLocaleString() : 'never') },
      ]}
      actions={(token) => (
        <RowAction label="Delete" name={token.tokenName} permission={canAdmin} danger onPress={() => tokens.askDelete(token)} />
      )}
      empty="No API tokens yet. An SDK needs a backend or frontend token to read flags."
    >
      {tokens.editing && <TokenForm onDone={tokens.done} />}
      {tokens.deleteDialog}
    </ResourcePage>
  );
}

function TokenForm({ onDone }: { onDone: () => void }) {
  const environments = useQuery({ queryKey: ['environments'], queryFn: () => data(api.GET('/api/admin/environments')) });
  const projects = useQuery({ queryKey: ['projects'], queryFn: () => data(api.GET('/api/admin/projects')) });
  const [tokenName, setTokenName] = useState('');
  const [type, setType] = useState<TokenType>('backend');
  const [environment, setEnvironment] = useState('development');
  const [project, setProject] = useState('*');
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/api-tokens', {
          body:
            type === 'admin'
              ? { tokenName, type, environment: '*', projects: ['*'] }
              : { tokenName, type, environment, projects: [project] },
        }),
      ),
  });
  if (create.data?.secret) return <SecretDialog title={`Token ${tokenName}`} label="token" secret={create.data.secret} onDone={onDone} />;
  const environmentItems = (environments.data?.environments ?? []).map((env) => ({ id: env.name, name: env.name }));
  const projectItems = [{ id: '*', name: 'All projects' }, ...(projects.data?.projects ?? []).map((p) => ({ id: p.id, name: p.name }))];
  return (
    <FormDialog
      title="New API token"
      submitLabel="Create token"
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onCancel={onDone}
    >
      <TextInput label="Name" name="tokenName" value={tokenName} onChange={setTokenName} isRequired autoFocus />
      <Pick label="Type" name="type" items={TYPES} value={type} onChange={(value) => setType(value ?? 'backend')} />
      {type !== 'admin' && (
        <>
          <Pick label="Project" name="projects" items={projectItems} value={project} onChange={(value) => setProject(value ?? '*')} />
          <Pick
            label="Environment"
            name="environment"
            items={environmentItems}
            value={environment}
            onChange={(value) => setEnvironment(value ?? 'development')}
          />
        </>
      )}
    </FormDialog>
  );
}
