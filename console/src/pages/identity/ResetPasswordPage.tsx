import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, data } from '../../api/client';
import { apiFieldErrors } from '../../ui/FormDialog';
import { TextInput } from '../../ui/TextInput';

/**
 * Sets a password with a welcome or reset link (`/reset-password?token=…`). The link is checked first: one never
 * made, used, expired or outdated says so instead of showing the form. The policy's refusal is shown by the field.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => data(api.GET('/auth/reset/validate', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const reset = useMutation({
    mutationFn: () => data(api.POST('/auth/reset/password', { body: { token, password } })),
    onSuccess: () => navigate('/login?reset=done', { replace: true }),
  });
  const mismatch = repeated !== '' && repeated !== password;
  const fieldErrors = apiFieldErrors(reset.error);
  const linkError = token === '' ? 'This link has no token: ask for a new one.' : link.error ? linkMessage(link.error) : undefined;
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{link.data?.kind === 'welcome' ? 'Welcome: choose your password' : 'Choose a new password'}</h1>
        {linkError ? (
          <p role="alert" className="notice error">
            {linkError}
          </p>
        ) : link.data ? (
          <Form
            className="stack"
            validationErrors={fieldErrors}
            onSubmit={(event) => {
              event.preventDefault();
              if (!mismatch) reset.mutate();
            }}
          >
            <p>For {link.data.name ?? link.data.username ?? link.data.email}.</p>
            <TextInput
              label="New password"
              name="password"
              type="password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                reset.reset();
              }}
              isRequired
              autoComplete="new-password"
              autoFocus
            />
            <TextInput
              label="New password again"
              name="repeated"
              type="password"
              value={repeated}
              onChange={setRepeated}
              isRequired
              autoComplete="new-password"
              isInvalid={mismatch}
              validate={(value) => (value !== '' && value !== password ? 'The two passwords differ.' : null)}
            />
            {reset.error && !fieldErrors?.password && (
              <p role="alert" className="notice error">
                {reset.error.message}
              </p>
            )}
            <Button type="submit" className="button primary" isDisabled={reset.isPending || mismatch}>
              {reset.isPending ? 'Saving…' : 'Set password'}
            </Button>
          </Form>
        ) : (
          <p role="status">Checking the link…</p>
        )}
        <Link to="/forgotten-password">Ask for a new link</Link>
      </section>
    </main>
  );
}

function linkMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return 'This link is not known: ask for a new one.';
  return `${error.message} Ask for a new one.`;
}
