import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Form, Switch } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { apiFieldErrors } from '../../ui/FormDialog';
import { TextInput } from '../../ui/TextInput';
import { SaveStatus } from '../../ui/SaveStatus';

type OidcSettings = Schemas['oidcSettingsResponseSchema'];

/**
 * Single sign-on with OpenID Connect, and whether password login stays on. The client secret is write-only: the page
 * says whether one is set, never shows it; a new one replaces it, an empty field keeps it.
 */
export default function SingleSignOnPage() {
  const oidc = useQuery({
    queryKey: ['oidc-settings'],
    queryFn: () => data(api.GET('/api/admin/auth/oidc/settings')),
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const password = useQuery({ queryKey: ['password-login'], queryFn: () => data(api.GET('/api/admin/auth/simple/settings')) });
  return (
    <section className="page" aria-labelledby="sso-heading">
      <h1 id="sso-heading">Single sign-on</h1>
      {(oidc.error ?? password.error) && (
        <p role="alert" className="notice error">
          {(oidc.error ?? password.error)?.message}
        </p>
      )}
      {oidc.data && <OidcForm settings={oidc.data} />}
      {password.data && <PasswordLogin disabled={password.data.disabled} />}
    </section>
  );
}

function OidcForm({ settings }: { settings: OidcSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ ...settings, secret: '' });
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((current) => ({ ...current, [key]: value }));
  const save = useMutation({
    mutationFn: () => {
      const { fromEnvironment, secret, ...rest } = form;
      void fromEnvironment;
      return data(api.POST('/api/admin/auth/oidc/settings', { body: { ...rest, ...(secret ? { secret } : {}) } }));
    },
    onSuccess: (saved) => {
      setForm({ ...saved, secret: '' });
      queryClient.setQueryData(['oidc-settings'], saved);
    },
  });
  const readOnly = settings.fromEnvironment;
  const secretSet = (save.data ?? settings).secret !== '';
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>OpenID Connect</h2>
      {readOnly && (
        <p className="notice warning" role="status">
          These settings come from the service&apos;s environment variables: change them there.
        </p>
      )}
      <Form
        className="stack narrow-form"
        validationErrors={apiFieldErrors(save.error)}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Toggle label="Sign-in with OpenID Connect" value={form.enabled} onChange={set('enabled')} isDisabled={readOnly} />
        <TextInput
          label="Discover URL"
          name="discoverUrl"
          type="url"
          value={form.discoverUrl}
          onChange={set('discoverUrl')}
          isDisabled={readOnly}
        />
        <TextInput label="Client id" name="clientId" value={form.clientId} onChange={set('clientId')} isDisabled={readOnly} />
        <p>
          Client secret: <strong>{secretSet ? 'set' : 'not set'}</strong>. It is never shown; left empty below, the stored one is kept.
        </p>
        <TextInput
          label={secretSet ? 'Replace the client secret' : 'Client secret'}
          name="secret"
          type="password"
          autoComplete="off"
          value={form.secret}
          onChange={set('secret')}
          isDisabled={readOnly}
        />
        <Toggle label="Create people at their first sign-in" value={form.autoCreate} onChange={set('autoCreate')} isDisabled={readOnly} />
        <div className="field">
          <label htmlFor={`${id}-role`}>Root role of people created</label>
          <select
            id={`${id}-role`}
            value={form.defaultRootRole}
            disabled={readOnly}
            onChange={(event) => set('defaultRootRole')(event.target.value as OidcSettings['defaultRootRole'])}
          >
            {(['Viewer', 'Editor', 'Admin'] as const).map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </div>
        <TextInput
          label="Email domains allowed (comma-separated, empty: any)"
          name="emailDomains"
          value={form.emailDomains}
          onChange={set('emailDomains')}
          isDisabled={readOnly}
        />
        <Toggle
          label="Sync groups at each sign-in"
          value={form.enableGroupSyncing}
          onChange={set('enableGroupSyncing')}
          isDisabled={readOnly}
        />
        <TextInput
          label="Groups claim (dotted path)"
          name="groupJsonPath"
          value={form.groupJsonPath}
          onChange={set('groupJsonPath')}
          isDisabled={readOnly}
        />
        <Toggle label="Ask for the groups scope" value={form.addGroupsScope} onChange={set('addGroupsScope')} isDisabled={readOnly} />
        <Toggle
          label="Logging out also ends the provider's session"
          value={form.enableSingleSignOut}
          onChange={set('enableSingleSignOut')}
          isDisabled={readOnly}
        />
        <SaveStatus save={save} />
        <div className="row">
          <Button type="submit" className="button primary" isDisabled={readOnly || save.isPending}>
            Save
          </Button>
        </div>
      </Form>
    </section>
  );
}

function PasswordLogin({ disabled }: { disabled: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (off: boolean) => data(api.POST('/api/admin/auth/simple/settings', { body: { disabled: off } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['password-login'] }),
  });
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Password login</h2>
      <p className="muted">Turned off, only the break-glass admin can still sign in with a password.</p>
      <Toggle label="Password login" value={!disabled} onChange={(on) => change.mutate(!on)} isDisabled={change.isPending} />
      {change.error && (
        <p role="alert" className="notice error">
          {change.error.message}
        </p>
      )}
    </section>
  );
}

function Toggle({
  label,
  value,
  onChange,
  isDisabled,
}: {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <Switch className="switch" isSelected={value} onChange={onChange} isDisabled={isDisabled}>
      <span className="switch-track" aria-hidden="true" />
      {label}
    </Switch>
  );
}
