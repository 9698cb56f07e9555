import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { api, ApiError, data } from '../api/client';
import { useMe } from '../app/session';
import { CopyButton } from '../ui/CopyButton';
import { SessionsList } from './identity/SessionsList';

/** The signed-in person: password change, personal access tokens (a new secret shown once) and sessions. */
export default function ProfilePage() {
  const me = useMe();
  return (
    <section className="page" aria-labelledby="profile-heading">
      <h1 id="profile-heading">Profile</h1>
      {me.data && (
        <p>
          Signed in as <strong>{me.data.user.username ?? me.data.user.email}</strong>
          {me.data.user.email && me.data.user.username ? ` (${me.data.user.email})` : ''}.
        </p>
      )}
      <PasswordChange />
      <PersonalAccessTokens />
      <SessionsList />
    </section>
  );
}

function PasswordChange() {
  const id = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const change = useMutation({
    mutationFn: () => data(api.POST('/api/admin/user/change-password', { body: { oldPassword, password, confirmPassword } })),
    onSuccess: () => {
      setOldPassword('');
      setPassword('');
      setConfirmPassword('');
    },
  });
  const problem = (property: string) => (change.error instanceof ApiError ? change.error.detailFor(`/body/${property}`) : undefined);
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Change password</h2>
      <form
        className="stack narrow-form"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate();
        }}
      >
        {[
          { key: 'oldPassword', label: 'Current password', value: oldPassword, set: setOldPassword, autoComplete: 'current-password' },
          { key: 'password', label: 'New password', value: password, set: setPassword, autoComplete: 'new-password' },
          {
            key: 'confirmPassword',
            label: 'Repeat the new password',
            value: confirmPassword,
            set: setConfirmPassword,
            autoComplete: 'new-password',
          },
        ].map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
            <input
              id={`${id}-${field.key}`}
              type="password"
              value={field.value}
              autoComplete={field.autoComplete}
              onChange={(event) => field.set(event.target.value)}
              required
            />
            {problem(field.key) && <span className="field-error">{problem(field.key)}</span>}
          </div>
        ))}
        {change.error && !problem('oldPassword') && !problem('password') && !problem('confirmPassword') && (
          <p role="alert" className="notice error">
            {change.error.message}
          </p>
        )}
        {change.isSuccess && <p role="status">Your password is changed.</p>}
        <Button type="submit" className="button primary" isDisabled={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}

const DAY_MS = 24 * 3600_000;

function PersonalAccessTokens() {
  const id = useId();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: ['pats'], queryFn: () => data(api.GET('/api/admin/user/tokens')) });
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('30');
  const [secret, setSecret] = useState<string>();
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/user/tokens', {
          body: { description, expiresAt: new Date(Date.now() + Number(days) * DAY_MS).toISOString() },
        }),
      ),
    onSuccess: (token) => {
      setSecret(token.secret);
      setDescription('');
      void queryClient.invalidateQueries({ queryKey: ['pats'] });
    },
  });
  const remove = useMutation({
    mutationFn: (tokenId: number) => data(api.DELETE('/api/admin/user/tokens/{id}', { params: { path: { id: tokenId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pats'] }),
  });
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Personal access tokens</h2>
      <p className="muted">A token acts as you in scripts and tools: send it in the authorization header.</p>
      {secret && (
        <div className="notice warning" role="status">
          <p>
            Copy this token now: <strong>it is shown only once</strong>.
          </p>
          <div className="row">
            <code className="secret" aria-label="New token">
              {secret}
            </code>
            <CopyButton text={secret} label="Copy the new token" />
            <Button className="button quiet" onPress={() => setSecret(undefined)}>
              Done
            </Button>
          </div>
        </div>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <input id={`${id}-description`} value={description} onChange={(event) => setDescription(event.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-days`}>Expires in (days)</label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className="narrow"
            required
          />
        </div>
        <Button type="submit" className="button primary">
          Create token
        </Button>
      </form>
      {create.error && (
        <p role="alert" className="notice error">
          {create.error.message}
        </p>
      )}
      <table className="table" aria-label="Personal access tokens">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.data?.pats.map((token) => (
            <tr key={token.id}>
              <td>{token.description}</td>
              <td>{new Date(token.expiresAt).toLocaleDateString()}</td>
              <td>{token.seenAt ? new Date(token.seenAt).toLocaleString() : 'never'}</td>
              <td>
                <Button
                  className="button quiet danger"
                  onPress={() => remove.mutate(token.id)}
                  aria-label={`Delete token ${token.description}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
