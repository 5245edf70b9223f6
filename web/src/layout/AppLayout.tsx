import { NavLinkLink } from '../components/links';
import {
  Alert,
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconApps,
  IconBuilding,
  IconDeviceMobile,
  IconLogout,
  IconPlayerPlay,
  IconTestPipe,
  IconUser,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, ok } from '../api/client';
import { authStore, useAccount } from '../auth/auth-store';
import { notify } from '../components/feedback';
import { MailNote } from '../components/MailNote';
import { AccountDialog } from './AccountDialog';
import { ColorSchemeToggle } from './ColorSchemeToggle';

const NAV = [
  { to: '/sessions', label: 'Sessions', icon: IconPlayerPlay },
  { to: '/devices', label: 'Devices', icon: IconDeviceMobile },
  { to: '/apps', label: 'Apps', icon: IconApps },
  { to: '/tests', label: 'Tests', icon: IconTestPipe },
  { to: '/organization', label: 'Organization', icon: IconBuilding },
] as const;

/** The signed-in console: navigation on the left, the page on the right. */
export function AppLayout() {
  const account = useAccount();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure();
  const [accountOpened, accountDialog] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    if (!account) void navigate({ to: '/sign-in' });
  }, [account, navigate]);
  // The role may have changed since sign-in; the organization says what it is now.
  const orgId = account?.organization_id;
  const org = useQuery({
    queryKey: ['org', orgId],
    queryFn: () => ok(api.GET('/api/v1/organizations/{org_id}', { params: { path: { org_id: orgId! } } })),
    enabled: !!orgId,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (org.data && org.data.role !== authStore.get()?.role) authStore.update({ role: org.data.role });
  }, [org.data]);
  // A phone's navigation drawer closes once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => close(), [pathname]);
  if (!account) return null;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h3">
              simdeck
            </Title>
            {org.data ? (
              <Text c="dimmed" size="sm" visibleFrom="sm">
                {org.data.name}
              </Text>
            ) : null}
          </Group>
          <Group gap="sm">
            <ColorSchemeToggle />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton>
                  <Text size="sm">{account.email}</Text>
                  <Text size="xs" c="dimmed">
                    {account.role}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconUser size={16} />} onClick={accountDialog.open}>
                  Your account
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => authStore.signOut()}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {NAV.map((item) => (
          <NavLinkLink
            key={item.to}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} />}
            active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
          />
        ))}
        <NavLink href="/docs" label="API reference" target="_blank" />
      </AppShell.Navbar>
      <AppShell.Main>
        {!account.email_verified ? <VerifyBanner email={account.email} /> : null}
        <Outlet />
      </AppShell.Main>
      <AccountDialog opened={accountOpened} onClose={accountDialog.close} />
    </AppShell>
  );
}

function VerifyBanner({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const resend = async () => {
    try {
      await ok(api.POST('/api/v1/auth/resend-verification', { body: { email } }));
      setSent(true);
    } catch (err) {
      notify.error(err);
    }
  };
  return (
    <Alert color="yellow" mb="md" title="Verify your email address">
      <Group justify="space-between">
        <Stack gap={4}>
          <Text size="sm">We sent a link to {email}. Open it to verify your address.</Text>
          <MailNote />
        </Stack>
        <Button size="xs" variant="light" onClick={resend} disabled={sent}>
          {sent ? 'Sent' : 'Send the link again'}
        </Button>
      </Group>
    </Alert>
  );
}
