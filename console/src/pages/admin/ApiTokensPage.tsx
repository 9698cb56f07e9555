import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { SecretDialog } from '../../ui/SecretOnce';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';

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
  const queryClient = useQueryClient();
  const canAdmin = usePermission('ADMIN');
  const tokens = useQuery({ queryKey: ['api-tokens'], queryFn: listTokens });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Token>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const remove = useMutation({
    mutationFn: (token: Token) => data(api.DELETE('/api/admin/api-tokens/{id}', { params: { path: { id: String(token.id) } } })),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });

  return (
    <section aria-labelledby="api-tokens-heading" className="page">
      <div className="page-header">
        <h1 id="api-tokens-heading">API tokens</h1>
        <GuardedButton permission={canAdmin} className="button primary" onPress={() => setCreating(true)}>
          New API token
        </GuardedButton>
      </div>
      {tokens.error && (
        <p role="alert" className="notice error">
          {tokens.error.message}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label="API tokens" aria-busy={tokens.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Projects</th>
              <th scope="col">Environment</th>
              <th scope="col">Expires</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(tokens.data?.tokens ?? []).map((token) => (
              <tr key={token.id}>
                <td>
                  {token.tokenName}
                  {token.secretPrefix && <div className="muted small">{token.secretPrefix}…</div>}
                </td>
                <td>{TYPES.find((type) => type.id === token.type)?.name ?? token.type}</td>
                <td>{token.projects.join(', ')}</td>
                <td>{token.environment}</td>
                <td>{token.expiresAt ? new Date(token.expiresAt).toLocaleDateString() : 'never'}</td>
                <td>{token.seenAt ? new Date(token.seenAt).toLocaleString() : 'never'}</td>
                <td className="actions">
                  <GuardedButton
                    permission={canAdmin}
                    className="button quiet danger"
                    onPress={() => setDeleting(token)}
                    aria-label={`Delete ${token.tokenName}`}
                  >
                    Delete
                  </GuardedButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {tokens.isSuccess && tokens.data.tokens.length === 0 && (
        <div className="empty">
          <p>No API tokens yet. An SDK needs a backend or frontend token to read flags.</p>
        </div>
      )}
      {creating && <TokenForm onDone={() => (setCreating(false), refresh())} />}
      {deleting && (
        <TypedConfirmDialog
          action="Delete"
          name={deleting.tokenName}
          error={remove.error}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
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
      <TextField className="field" name="tokenName" value={tokenName} onChange={setTokenName} isRequired autoFocus>
        <Label>Name</Label>
        <Input />
        <FieldError />
      </TextField>
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
