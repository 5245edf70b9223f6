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
import type { Member, Role } from '../../api/types';
import { useAccount, useHasRole } from '../../auth/auth-store';
import { ConfirmDialog, ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { useOrgId } from './org-id';

export const ROLE_OPTIONS = [
  { value: 'viewer', label: 'Viewer: sees everything, runs sessions and tests' },
  { value: 'developer', label: 'Developer: also uploads apps and edits tests' },
  { value: 'admin', label: 'Admin: also manages members, tokens and billing' },
];

export function MembersSection() {
  const orgId = useOrgId();
  const me = useAccount();
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  const [inviting, invite] = useDisclosure();
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useQuery({
    queryKey: ['members', orgId],
    queryFn: () => ok(api.GET('/api/v1/organizations/{org_id}/members', { params: { path: { org_id: orgId } } })),
  });

  const remove = async () => {
    if (!removing) return;
    try {
      await ok(
        api.DELETE('/api/v1/organizations/{org_id}/members/{member_id}', {
          params: { path: { org_id: orgId, member_id: removing.id } },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['members', orgId] });
      notify.ok(`${removing.email} was removed.`);
    } catch (err) {
      notify.error(err, 'Could not remove the member');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Members</Title>
        {isAdmin ? <Button onClick={invite.open}>Invite a member</Button> : null}
      </Group>
      <ErrorAlert error={members.error} />
      {members.isPending ? <Loading /> : null}
      {members.data ? (
        <Table striped aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              {isAdmin ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  {m.email}
                  {m.user_id === me?.user_id ? ' (you)' : ''}
                </Table.Td>
                <Table.Td>{m.role}</Table.Td>
                <Table.Td>{formatTime(m.joined_at)}</Table.Td>
                {isAdmin ? (
                  <Table.Td>
                    {m.user_id !== me?.user_id ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(m)}
                        aria-label={`Remove ${m.email}`}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <InviteDialog opened={inviting} onClose={invite.close} />
      <ConfirmDialog
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title="Remove this member?"
        action="Remove"
        onConfirm={remove}
      >
        {removing?.email} loses access to the organization at once.
      </ConfirmDialog>
    </Stack>
  );
}

function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrgId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<{ email: string; link: string; expires_at: string } | null>(null);
  const close = () => {
    setSent(null);
    setEmail('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await ok(
        api.POST('/api/v1/organizations/{org_id}/invites', {
          params: { path: { org_id: orgId } },
          body: { email, role },
        }),
      );
      setSent({
        email: r.email,
        link: `${location.origin}/accept-invite?token=${encodeURIComponent(r.token)}`,
        expires_at: r.expires_at,
      });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite a member">
      {sent ? (
        <Stack>
          <Alert color="green" title="Invitation sent">
            {sent.email} gets an email with a link to join. It works until {formatTime(sent.expires_at)}. You can also
            pass the link on yourself:
          </Alert>
          <Code block tabIndex={0}>
            {sent.link}
          </Code>
          <CopyButton value={sent.link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <ErrorAlert error={error} title="Could not invite" />
            <TextInput
              label="Email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Select
              label="Role"
              allowDeselect={false}
              data={ROLE_OPTIONS}
              value={role}
              onChange={(v) => setRole((v as Role) ?? 'developer')}
            />
            <Text size="sm" c="dimmed">
              Inviting the same address again replaces its earlier invitation.
            </Text>
            <Button type="submit">Send invitation</Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
