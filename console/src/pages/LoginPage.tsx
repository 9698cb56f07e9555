import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, basePath, data, type ErrorBody } from '../api/client';

/** Only a path of the console itself: never an address elsewhere. */
function consolePath(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * How to sign in, from the 401 the API answers a visitor without a session (as Unleash's login page reads it):
 * whether the password form is hidden and the other ways (single sign-on). Undefined when already signed in.
 */
function useSignInWays() {
  return useQuery({
    queryKey: ['sign-in-ways'],
    queryFn: async () => {
      const { error, response } = await api.GET('/api/admin/user');
      return response.status === 401 ? (error as ErrorBody) : null;
    },
    retry: false,
    refetchInterval: false,
  });
}

/**
 * Sign in with single sign-on (when it is on: a button per way the service names) or a user name (or email) and
 * password. While password login is off for everyone but the break-glass admin, the form waits behind a button. A
 * single sign-on that failed comes back here with its reason in `errorMsg` (as Unleash's login page reads it), shown
 * until the next attempt.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const ways = useSignInWays();
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => data(api.POST('/auth/simple/login', { body: { username, password } })),
    onSuccess: async () => {
      queryClient.clear();
      navigate(consolePath(params.get('next')), { replace: true });
    },
  });
  const options = ways.data?.options ?? [];
  const passwordHidden = ways.data?.defaultHidden === true && options.length > 0 && !passwordAsked;
  const returnTo = `${basePath}${consolePath(params.get('next'))}`;
  const problem = login.error?.message ?? params.get('errorMsg');
  return (
    <main className="login">
      <section className="login-card stack" aria-labelledby="login-heading">
        <h1 id="login-heading">Sign in to Flagwright</h1>
        {params.get('reset') === 'done' && (
          <p role="status" className="notice">
            Your password is set: sign in with it.
          </p>
        )}
        {ways.isPending ? (
          <p role="status" className="muted">
            Loading the ways to sign in…
          </p>
        ) : (
          <>
            {options.map((option) => (
              <a
                key={option.type}
                className={`button sign-in-option${passwordHidden ? ' primary' : ''}`}
                href={`${option.path}?${new URLSearchParams({ redirect: returnTo })}`}
              >
                {option.message}
              </a>
            ))}
            {passwordHidden ? (
              <>
                {problem && (
                  <p role="alert" className="notice error">
                    {problem}
                  </p>
                )}
                <p className="notice">
                  Password login is turned off: sign in with single sign-on. Only the break-glass admin signs in with a password.
                </p>
                <Button className="button quiet" onPress={() => setPasswordAsked(true)}>
                  Sign in with a password (break-glass admin)
                </Button>
              </>
            ) : (
              <PasswordForm
                username={username}
                password={password}
                onUsername={setUsername}
                onPassword={setPassword}
                problem={problem}
                pending={login.isPending}
                onSubmit={() => login.mutate()}
                focus={options.length === 0 || passwordAsked}
              />
            )}
          </>
        )}
      </section>
    </main>
  );
}

function PasswordForm(props: {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  problem: string | null | undefined;
  pending: boolean;
  onSubmit: () => void;
  focus: boolean;
}) {
  return (
    <>
      <Form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <TextField
          className="field"
          name="username"
          value={props.username}
          onChange={props.onUsername}
          isRequired
          autoComplete="username"
          autoFocus={props.focus}
        >
          <Label>Username or email</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField
          className="field"
          name="password"
          type="password"
          value={props.password}
          onChange={props.onPassword}
          isRequired
          autoComplete="current-password"
        >
          <Label>Password</Label>
          <Input />
          <FieldError />
        </TextField>
        {props.problem && (
          <p role="alert" className="notice error">
            {props.problem}
          </p>
        )}
        <Button type="submit" className="button primary" isDisabled={props.pending}>
          {props.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
      <Link to="/forgotten-password">Forgot your password?</Link>
    </>
  );
}
