import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../api/client';

/**
 * Where this server's mail goes, when it is not sent: without SMTP each mail is written to the
 * server's outbox folder (and, on a local server, its links are printed to the server's log).
 */
export function MailNote() {
  const delivery = useQuery({
    queryKey: ['mail-delivery'],
    queryFn: () => ok(api.GET('/api/v1/auth/mail-delivery')),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const d = delivery.data;
  if (d?.mode !== 'outbox') return null;
  return (
    <Text size="sm" c="dimmed" data-testid="mail-note">
      This server has no SMTP configured: mail is written to {d.outbox} on the server
      {d.links_in_log ? ', and its links are printed to the server’s log' : ''}.
    </Text>
  );
}
