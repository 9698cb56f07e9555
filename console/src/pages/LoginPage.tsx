import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, data } from '../api/client';

/**
 * Sign in with a user name (or email) and password. A single sign-on that failed comes back here with its reason in
 * `errorMsg` (as Unleash's login page reads it), shown until the next attempt.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => data(api.POST('/auth/simple/login', { body: { username, password } })),
    onSuccess: async () => {
      queryClient.clear();
      const next = params.get('next');
      // Only a path of the console itself: never an address elsewhere.
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
    },
  });
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Sign in to Flagwright</h1>
        {params.get('reset') === 'done' && (
          <p role="status" className="notice">
            Your password is set: sign in with it.
          </p>
        )}
        <Form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            login.mutate();
          }}
        >
          <TextField className="field" name="username" value={username} onChange={setUsername} isRequired autoComplete="username" autoFocus>
            <Label>Username or email</Label>
            <Input />
            <FieldError />
          </TextField>
          <TextField
            className="field"
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            autoComplete="current-password"
          >
            <Label>Password</Label>
            <Input />
            <FieldError />
          </TextField>
          {(login.error || params.get('errorMsg')) && (
            <p role="alert" className="notice error">
              {login.error?.message ?? params.get('errorMsg')}
            </p>
          )}
          <Button type="submit" className="button primary" isDisabled={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </Form>
        <Link to="/forgotten-password">Forgot your password?</Link>
      </section>
    </main>
  );
}
