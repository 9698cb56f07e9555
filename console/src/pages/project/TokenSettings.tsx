import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { api, data } from '../../api/client';
import { type Permission, usePermission } from '../../app/permissions';
import { FormDialog } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { Pick } from '../../ui/Pick';
import { RowAction, useResource } from '../../ui/ResourcePage';
import { SecretDialog } from '../../ui/SecretOnce';

const listTokens = (projectId: string) => data(api.GET('/api/admin/projects/{projectId}/api-tokens', { params: { path: { projectId } } }));
type Token = Awaited<ReturnType<typeof listTokens>>['tokens'][number];
type TokenType = 'backend' | 'frontend';

const TYPES: { id: TokenType; name: string }[] = [
  { id: 'backend', name: 'Backend SDK' },
  { id: 'frontend', name: 'Frontend SDK' },
];
const typeName = (type: string) => TYPES.find((candidate) => candidate.id === type)?.name ?? (type === 'client' ? 'Backend SDK' : type);

/** The project's SDK tokens (Unleash's project API tokens): a new one's secret is shown once. */
export function TokenSettings({ projectId }: { projectId: string }) {
  const headingId = useId();
  const canRead = usePermission('READ_PROJECT_API_TOKEN', { project: projectId });
  const canCreate = usePermission('CREATE_PROJECT_API_TOKEN', { project: projectId });
  const canDelete = usePermission('DELETE_PROJECT_API_TOKEN', { project: projectId });
  const tokens = useResource({
    queryKey: `project-api-tokens:${projectId}`,
    load: () => listTokens(projectId),
    rows: (answer) => answer.tokens,
    enabled: canRead.allowed,
    remove: (token) =>
      data(api.DELETE('/api/admin/projects/{projectId}/api-tokens/{token}', { params: { path: { projectId, token: String(token.id) } } })),
    nameOf: (token) => token.tokenName,
  });
  const [creating, setCreating] = useState(false);
  /** A token of several projects is deleted on the API tokens page, where all its projects are seen. */
  const deletable = (token: Token): Permission =>
    token.projects.length > 1
      ? { allowed: false, reason: `Reaches ${token.projects.join(', ')}: delete it on the API tokens page` }
      : canDelete;

  return (
    <section aria-labelledby={headingId}>
      <div className="page-header">
        <h2 id={headingId}>API tokens</h2>
        <GuardedButton permission={canCreate} className="button primary" onPress={() => setCreating(true)}>
          New project token
        </GuardedButton>
      </div>
      <p className="muted">Tokens for SDKs that read this project&apos;s flags in one environment.</p>
      {!canRead.allowed && <p className="notice warning">{canRead.reason} to see the project&apos;s tokens.</p>}
      {tokens.list.error && (
        <p role="alert" className="notice error">
          {tokens.list.error.message}
        </p>
      )}
      {canRead.allowed && (
        <div className="table-wrap">
          <table className="table" aria-labelledby={headingId} aria-busy={tokens.list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="wide-only">
                  Type
                </th>
                <th scope="col">Environment</th>
                <th scope="col" className="wide-only">
                  Created
                </th>
                <th scope="col" className="wide-only">
                  Last seen
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(tokens.list.rows ?? []).map((token) => (
                <tr key={token.id}>
                  <td>
                    {token.tokenName}
                    {token.secretPrefix && <div className="muted small token-prefix">{token.secretPrefix}…</div>}
                  </td>
                  <td className="wide-only">{typeName(token.type)}</td>
                  <td>{token.environment}</td>
                  <td className="wide-only">{new Date(token.createdAt).toLocaleDateString()}</td>
                  <td className="wide-only">{token.seenAt ? new Date(token.seenAt).toLocaleString() : 'never'}</td>
                  <td className="actions">
                    <RowAction
                      label="Delete"
                      name={token.tokenName}
                      permission={deletable(token)}
                      danger
                      onPress={() => tokens.askDelete(token)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tokens.list.rows?.length === 0 && (
        <div className="empty">
          <p>No tokens for this project yet. An SDK needs a backend or frontend token to read its flags.</p>
        </div>
      )}
      {creating && <TokenForm projectId={projectId} onDone={() => (setCreating(false), void tokens.refresh())} />}
      {tokens.deleteDialog}
    </section>
  );
}

function TokenForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const environments = useQuery({
    queryKey: ['project', projectId, 'environments'],
    queryFn: () => data(api.GET('/api/admin/environments/project/{projectId}', { params: { path: { projectId } } })),
  });
  const [tokenName, setTokenName] = useState('');
  const [type, setType] = useState<TokenType>('backend');
  const [environment, setEnvironment] = useState<string>();
  const environmentItems = (environments.data?.environments ?? [])
    .filter((candidate) => candidate.visible)
    .map((candidate) => ({ id: candidate.name, name: candidate.name }));
  const chosen = environment ?? environmentItems[0]?.id;
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/projects/{projectId}/api-tokens', {
          params: { path: { projectId } },
          body: { tokenName, type, environment: chosen },
        }),
      ),
  });
  if (create.data?.secret) return <SecretDialog title={`Token ${tokenName}`} label="token" secret={create.data.secret} onDone={onDone} />;
  return (
    <FormDialog
      title={`New token for ${projectId}`}
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
      <Pick label="Environment" name="environment" items={environmentItems} value={chosen} onChange={setEnvironment} />
    </FormDialog>
  );
}
