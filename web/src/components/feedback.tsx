import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { messageOf } from '../api/errors';

/** An API failure on the page, in the API's own words. */
export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {messageOf(error)}
    </Alert>
  );
}

/** What to show where a list is empty: what it holds, and what to do next. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={480} ta="center">
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Center>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" aria-live="polite">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** Notifications after an action: success in a sentence, failure with the API's detail. */
export const notify = {
  ok(message: string) {
    notifications.show({ color: 'green', message });
  },
  error(err: unknown, title = 'That did not work') {
    notifications.show({ color: 'red', title, message: messageOf(err), autoClose: 8000 });
  },
};

export function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="light" onClick={onClick}>
      Try again
    </Button>
  );
}

/** Asks before something that cannot be undone: a sentence, Cancel, and the red action. */
export function ConfirmDialog({
  opened,
  title,
  action,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
