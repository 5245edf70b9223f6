import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { ApiToken, Role } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ConfirmDialog, EmptyState, ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { ROLE_OPTIONS } from './MembersSection';
import { useOrgId } from './org-id';

/** API tokens for CI and scripts: developers see them, admins create and revoke them. */
export function TokensSection() {
  const orgId = useOrgId();
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  const [creating, create] = useDisclosure();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokens = useQuery({
    queryKey: ['api-tokens', orgId],
    queryFn: () => ok(api.GET('/api/v1/organizations/{org_id}/api-tokens', { params: { path: { org_id: orgId } } })),
  });

  const revoke = async () => {
    if (!revoking) return;
    try {
      await ok(
        api.DELETE('/api/v1/organizations/{org_id}/api-tokens/{token_id}', {
          params: { path: { org_id: orgId, token_id: revoking.id } },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['api-tokens', orgId] });
      notify.ok(`Token “${revoking.label}” revoked.`);
    } catch (err) {
      notify.error(err, 'Could not revoke the token');
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={3}>API tokens</Title>
          <Text size="sm" c="dimmed">
            Long-lived tokens for CI and scripts, sent as <Code>Authorization: Bearer tok_…</Code>
          </Text>
        </Stack>
        {isAdmin ? <Button onClick={create.open}>Create token</Button> : null}
      </Group>
      <ErrorAlert error={tokens.error} />
      {tokens.isPending ? <Loading /> : null}
      {tokens.data?.length === 0 ? (
        <EmptyState title="No API tokens">
          Create one for your CI pipeline; it acts with the role you give it.
        </EmptyState>
      ) : null}
      {tokens.data?.length ? (
        <Table striped aria-label="API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th>Token</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Used</Table.Th>
              {isAdmin ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.label}</Table.Td>
                <Table.Td>
                  <Code>{t.token_prefix}</Code>
                </Table.Td>
                <Table.Td>{t.role}</Table.Td>
                <Table.Td>
                  {formatTime(t.created_at)}
                  <Text size="xs" c="dimmed">
                    {t.created_by}
                  </Text>
                </Table.Td>
                <Table.Td>{t.used ? (t.last_used_at ? formatTime(t.last_used_at) : 'yes') : 'never'}</Table.Td>
                {isAdmin ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(t)}
                      aria-label={`Revoke ${t.label}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <CreateTokenDialog opened={creating} onClose={create.close} />
      <ConfirmDialog
        opened={!!revoking}
        onClose={() => setRevoking(null)}
        title="Revoke this token?"
        action="Revoke"
        onConfirm={revoke}
      >
        Anything that uses “{revoking?.label}” stops working at once; open sockets with it are closed.
      </ConfirmDialog>
    </Stack>
  );
}

function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  const close = () => {
    setCreated(null);
    setLabel('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await ok(
        api.POST('/api/v1/organizations/{org_id}/api-tokens', {
          params: { path: { org_id: orgId } },
          body: { label, role },
        }),
      );
      setCreated(r.token);
      await queryClient.invalidateQueries({ queryKey: ['api-tokens', orgId] });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Create an API token">
      {created ? (
        <Stack>
          <Alert color="yellow" title="Copy it now">
            This is the only time the token is shown. Store it in your CI’s secrets.
          </Alert>
          <Code block tabIndex={0} data-testid="new-token">
            {created}
          </Code>
          <CopyButton value={created}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <ErrorAlert error={error} title="Could not create the token" />
            <TextInput
              label="Label"
              required
              placeholder="GitHub Actions"
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            />
            <Select
              label="Role"
              allowDeselect={false}
              data={ROLE_OPTIONS}
              value={role}
              onChange={(v) => setRole((v as Role) ?? 'developer')}
            />
            <Button type="submit">Create token</Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
