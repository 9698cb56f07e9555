import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link } from 'react-router';
import { api, data } from '../../api/client';

/**
 * Asks for a password reset link by email. The service answers the same whatever the address, so the page says the
 * same too: nothing here tells whether an account has it.
 */
export default function ForgottenPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: () => data(api.POST('/auth/reset/password-email', { body: { email } })),
  });
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="forgotten-heading">
        <h1 id="forgotten-heading">Forgotten password</h1>
        {request.isSuccess ? (
          <p role="status" className="notice">
            If an account has the address {email}, a link to choose a new password is on its way to it. The link works once, for 24 hours.
          </p>
        ) : (
          <Form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              request.mutate();
            }}
          >
            <TextField
              className="field"
              name="email"
              type="email"
              value={email}
              onChange={setEmail}
              isRequired
              autoComplete="email"
              autoFocus
            >
              <Label>Email</Label>
              <Input />
              <FieldError />
            </TextField>
            {request.error && (
              <p role="alert" className="notice error">
                {request.error.message}
              </p>
            )}
            <Button type="submit" className="button primary" isDisabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send me a link'}
            </Button>
          </Form>
        )}
        <Link to="/login">Back to sign in</Link>
      </section>
    </main>
  );
}
