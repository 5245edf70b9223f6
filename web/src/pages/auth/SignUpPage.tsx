import { AnchorLink } from '../../components/links';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { ErrorAlert } from '../../components/feedback';
import { MailNote } from '../../components/MailNote';

/** Self-serve sign-up (a new organization) or, with an invitation token, joining the inviting one. */
function RegisterForm({ inviteToken }: { inviteToken?: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [organization, setOrganization] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = inviteToken
        ? { email, password, invite_token: inviteToken }
        : { email, password, organization_name: organization };
      authStore.signIn(await ok(api.POST('/api/v1/auth/register', { body })));
      await navigate({ to: '/sessions' });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label={inviteToken ? 'Accept invitation' : 'Sign up'}>
      <Stack>
        <Title order={2} size="h3">
          {inviteToken ? 'Join your team' : 'Create your account'}
        </Title>
        {inviteToken ? <Text size="sm">Use the email address the invitation was sent to.</Text> : null}
        <ErrorAlert error={error} title="Could not create the account" />
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
          description="At least 8 characters"
          autoComplete="new-password"
          required
          minLength={8}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {inviteToken ? null : (
          <TextInput
            label="Organization name"
            description="Your team; you can invite others once you are in"
            required
            value={organization}
            onChange={(e) => setOrganization(e.currentTarget.value)}
          />
        )}
        <Button type="submit" loading={busy}>
          {inviteToken ? 'Accept and join' : 'Sign up'}
        </Button>
        {inviteToken ? null : <MailNote />}
        <Text size="sm" c="dimmed">
          Already have an account? <AnchorLink to="/sign-in">Sign in</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}

export function SignUpPage() {
  return <RegisterForm />;
}

/** Where an invitation mail's link lands (`/accept-invite?token=`). */
export function AcceptInvitePage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  if (!token) {
    return (
      <Stack>
        <Title order={2} size="h3">
          Invitation link incomplete
        </Title>
        <Text>
          This link has no invitation token. Open the link from the invitation email again, or ask an admin to invite
          you once more.
        </Text>
      </Stack>
    );
  }
  return <RegisterForm inviteToken={token} />;
}
