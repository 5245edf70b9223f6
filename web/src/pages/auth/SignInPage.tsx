import { AnchorLink } from '../../components/links';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { ErrorAlert } from '../../components/feedback';

/** Only a path of this console may be where sign-in sends a person next. */
export function safeNext(next: string | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/sessions';
}

export function SignInPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { next?: string };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      authStore.signIn(await ok(api.POST('/api/v1/auth/login', { body: { email, password } })));
      await navigate({ to: safeNext(search.next) });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Sign in">
      <Stack>
        <Title order={2} size="h3">
          Sign in
        </Title>
        <ErrorAlert error={error} title="Could not sign in" />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="space-between">
          <AnchorLink to="/forgot-password" size="sm">
            Forgot your password?
          </AnchorLink>
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          New here? <AnchorLink to="/sign-up">Create an account</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
