import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { api, ApiError, data } from '../../api/client';
import { apiFieldErrors } from '../../ui/FormDialog';
import { TextInput } from '../../ui/TextInput';

/**
 * Sign up with an invite link (`/new-user?invite=…`): the link is checked first, then the account is made with the
 * invite's role and the new person is signed in. The API's refusals are shown by their fields.
 */
export function InviteSignUpPage({ invite }: { invite: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const link = useQuery({
    queryKey: ['invite-link', invite],
    // The answer has no body: a query needs a value, so the link's working is `true`.
    queryFn: async () => {
      await data(api.GET('/invite/{token}/validate', { params: { path: { token: invite } } }));
      return true;
    },
    retry: false,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const signUp = useMutation({
    mutationFn: async () => {
      await data(
        api.POST('/invite/{token}/signup', {
          params: { path: { token: invite } },
          body: { email, password, ...(name ? { name } : {}), ...(username ? { username } : {}) },
        }),
      );
      await data(api.POST('/auth/simple/login', { body: { username: username || email, password } }));
    },
    onSuccess: () => {
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
  const fieldErrors = apiFieldErrors(signUp.error) ?? {};
  // The API's refusal stands until a field is changed (React Aria's form would show it again at each render).
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    signUp.reset();
  };
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="invite-heading">
        <h1 id="invite-heading">Join Flagwright</h1>
        {link.error ? (
          <p role="alert" className="notice error">
            {link.error instanceof ApiError && link.error.status === 404
              ? 'This invite link is not known: ask for a new one.'
              : `${link.error.message} Ask for a new invite link.`}
          </p>
        ) : link.isSuccess ? (
          <Form
            className="stack"
            validationErrors={fieldErrors}
            onSubmit={(event) => {
              event.preventDefault();
              signUp.mutate();
            }}
          >
            <TextInput label="Name" name="name" value={name} onChange={edit(setName)} autoComplete="name" autoFocus />
            <TextInput label="Email" name="email" type="email" value={email} onChange={edit(setEmail)} isRequired autoComplete="email" />
            <TextInput label="Username (optional)" name="username" value={username} onChange={edit(setUsername)} autoComplete="username" />
            <TextInput
              label="Password"
              name="password"
              type="password"
              value={password}
              onChange={edit(setPassword)}
              isRequired
              autoComplete="new-password"
            />
            {signUp.error && Object.keys(fieldErrors).length === 0 && (
              <p role="alert" className="notice error">
                {signUp.error.message}
              </p>
            )}
            <Button type="submit" className="button primary" isDisabled={signUp.isPending}>
              {signUp.isPending ? 'Signing up…' : 'Sign up'}
            </Button>
          </Form>
        ) : (
          <p role="status">Checking the invite link…</p>
        )}
        <Link to="/login">Already have an account? Sign in</Link>
      </section>
    </main>
  );
}
