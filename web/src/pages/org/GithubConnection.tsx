import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';

/** The GitHub connection: CI runs with a commit SHA post their state as commit statuses. */
export function GithubConnection() {
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  // null is "not connected".
  const connection = useQuery({ queryKey: ['github'], queryFn: () => ok(api.GET('/api/v1/integrations/github')) });
  const [repository, setRepository] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const saved = await ok(
        api.PUT('/api/v1/integrations/github', {
          body: { repository: repository || connection.data?.repository || '', token },
        }),
      );
      setToken('');
      setRepository('');
      queryClient.setQueryData(['github'], saved);
      notify.ok(`GitHub connected to ${saved.repository}.`);
    } catch (err) {
      setError(err);
    }
  };
  const disconnect = async () => {
    try {
      await ok(api.DELETE('/api/v1/integrations/github'));
      queryClient.setQueryData(['github'], null);
      notify.ok('GitHub disconnected.');
    } catch (err) {
      notify.error(err, 'Could not disconnect GitHub');
    }
  };
  const current = connection.data;
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <Title order={3}>GitHub</Title>
        <ErrorAlert error={connection.error} title="Could not load the GitHub connection" />
        {connection.isPending ? <Loading /> : null}
        <Text size="sm" c="dimmed" data-testid="github-state">
          {current
            ? `Connected to ${current.repository} with the token ${current.token_hint} (since ${formatTime(current.updated_at)}).`
            : current === null
              ? 'Not connected.'
              : ''}{' '}
          CI runs with a commit SHA report pending, success and failure as commit statuses linking to their run page.
        </Text>
        <ErrorAlert error={error} title="Could not connect GitHub" />
        {isAdmin && current !== undefined ? (
          <Group align="flex-end">
            <TextInput
              label="Repository"
              placeholder={current?.repository ?? 'owner/name'}
              required={!current}
              value={repository}
              onChange={(e) => setRepository(e.currentTarget.value)}
            />
            <PasswordInput
              label="Token"
              description="Allowed to write commit statuses; stored encrypted"
              required
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit">{current ? 'Update' : 'Connect'}</Button>
            {current ? (
              <Button variant="subtle" color="red" onClick={() => void disconnect()}>
                Disconnect
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
