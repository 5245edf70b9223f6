import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ColorSchemeToggle } from './ColorSchemeToggle';

/** Sign-in, sign-up and the pages mailed links open: one card in the middle of the page. */
export function AuthLayout() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            simdeck
          </Title>
          <ColorSchemeToggle />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
        <Text c="dimmed" size="sm" ta="center">
          iOS and Android devices in your browser, and tests that run on them.{' '}
          <Anchor href="/docs">API reference</Anchor>
        </Text>
      </Stack>
    </Center>
  );
}
