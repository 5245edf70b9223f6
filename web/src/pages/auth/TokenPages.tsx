import { AnchorLink } from '../../components/links';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, ok } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { ErrorAlert } from '../../components/feedback';

function BackToSignIn() {
  return (
    <AnchorLink to="/sign-in" size="sm">
      Back to sign in
    </AnchorLink>
  );
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await ok(api.POST('/api/v1/auth/forgot-password', { body: { email } }));
      setSent(true);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Reset your password">
      <Stack>
        <Title order={2} size="h3">
          Reset your password
        </Title>
        {sent ? (
          <Alert color="green" title="Check your email">
            If an account uses {email}, a link to choose a new password is on its way. It works for one hour.
          </Alert>
        ) : (
          <>
            <ErrorAlert error={error} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit">Send the reset link</Button>
          </>
        )}
        <BackToSignIn />
      </Stack>
    </form>
  );
}

/** Where a reset mail's link lands (`/reset-password?token=`). */
export function ResetPasswordPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await ok(api.POST('/api/v1/auth/reset-password', { body: { token: token ?? '', new_password: password } }));
      setDone(true);
    } catch (err) {
      setError(err);
    }
  };
  if (!token) return <MissingToken what="reset" />;
  return (
    <form onSubmit={submit} aria-label="Choose a new password">
      <Stack>
        <Title order={2} size="h3">
          Choose a new password
        </Title>
        {done ? (
          <Alert color="green" title="Password changed">
            Sign in with your new password.
          </Alert>
        ) : (
          <>
            <ErrorAlert error={error} title="Could not change the password" />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              minLength={8}
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit">Change password</Button>
          </>
        )}
        <BackToSignIn />
      </Stack>
    </form>
  );
}

/** Where a verification mail's link lands (`/verify-email?token=`): verifies at once. */
export function VerifyEmailPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const [state, setState] = useState<'working' | 'verified' | { error: unknown }>('working');
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    ok(api.POST('/api/v1/auth/verify-email', { body: { token } }))
      .then(() => {
        setState('verified');
        authStore.update({ email_verified: true });
      })
      .catch((error) => setState({ error }));
  }, [token]);
  if (!token) return <MissingToken what="verification" />;
  return (
    <Stack>
      <Title order={2} size="h3">
        Email verification
      </Title>
      {state === 'working' ? <Loader role="status" aria-label="Verifying" /> : null}
      {state === 'verified' ? (
        <Alert color="green" title="Your email address is verified">
          You can close this tab, or go on to the console.
        </Alert>
      ) : null}
      {typeof state === 'object' ? <ErrorAlert error={state.error} title="Could not verify" /> : null}
      <AnchorLink to={authStore.token() ? '/sessions' : '/sign-in'} size="sm">
        {authStore.token() ? 'Go to the console' : 'Sign in'}
      </AnchorLink>
    </Stack>
  );
}

function MissingToken({ what }: { what: string }) {
  return (
    <Stack>
      <Title order={2} size="h3">
        Link incomplete
      </Title>
      <Text>
        This {what} link has no token. Open the link from the email again; links from older emails may have expired.
      </Text>
      <BackToSignIn />
    </Stack>
  );
}
