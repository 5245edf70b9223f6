import { Alert, Button, Divider, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../api/client';
import { authStore, useAccount } from '../auth/auth-store';
import { ErrorAlert, notify } from '../components/feedback';

/** The signed-in person's own account: a new password, or deleting the account. */
export function AccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const account = useAccount();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [confirmEmail, setConfirmEmail] = useState('');
  const [deleteError, setDeleteError] = useState<unknown>(null);

  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await ok(
        api.POST('/api/v1/auth/change-password', { body: { current_password: current, new_password: next } }),
      );
      // Other sessions of this account are signed out; this one carries on with the new token.
      authStore.update({ access_token: r.access_token });
      setCurrent('');
      setNext('');
      notify.ok('Password changed. Other devices signed in to this account are signed out.');
      onClose();
    } catch (err) {
      setError(err);
    }
  };
  const deleteAccount = async (e: FormEvent) => {
    e.preventDefault();
    setDeleteError(null);
    try {
      await ok(api.DELETE('/api/v1/auth/account'));
      authStore.signOut();
    } catch (err) {
      setDeleteError(err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Your account">
      <Stack>
        <Text size="sm">{account?.email}</Text>
        <form onSubmit={changePassword}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Change password
            </Title>
            <ErrorAlert error={error} title="Could not change the password" />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
            />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              minLength={8}
              required
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit">Change password</Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        <form onSubmit={deleteAccount}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Delete account
            </Title>
            <Alert color="red">
              Your account is deleted for good. If you are the organization’s last member, the organization and
              everything in it go too.
            </Alert>
            <ErrorAlert error={deleteError} title="Could not delete the account" />
            <TextInput
              label="Type your email address to confirm"
              value={confirmEmail}
              onChange={(e) => setConfirmEmail(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" color="red" disabled={confirmEmail !== account?.email}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
