import { AnchorLink } from '../../components/links';
import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { AuthedImage } from '../../components/AuthedImage';
import { EmptyState, ErrorAlert, Loading } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { UploadDialog } from './UploadDialog';

export function AppsPage() {
  const [platform, setPlatform] = useState<'all' | 'ios' | 'android'>('all');
  const [opened, { open, close }] = useDisclosure();
  const canUpload = useHasRole('developer');
  const apps = useQuery({
    queryKey: ['apps', platform],
    queryFn: () => ok(api.GET('/api/v1/apps/', { params: { query: platform === 'all' ? {} : { platform } } })),
  });

  return (
    <>
      <PageHeader
        title="Apps"
        description="Your apps and their builds, ready to install into sessions and test runs"
        actions={
          canUpload ? (
            <Button leftSection={<IconUpload size={16} />} onClick={open}>
              Upload app
            </Button>
          ) : null
        }
      />
      <SegmentedControl
        mb="md"
        aria-label="Platform"
        value={platform}
        onChange={(v) => setPlatform(v as typeof platform)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'ios', label: 'iOS' },
          { value: 'android', label: 'Android' },
        ]}
      />
      <ErrorAlert error={apps.error} />
      {apps.isPending ? <Loading /> : null}
      {apps.data?.length === 0 ? (
        <EmptyState
          title="No apps yet"
          action={canUpload ? <Button onClick={open}>Upload your first app</Button> : null}
        >
          Upload an Android .apk or an iOS simulator build (.app zipped). Then install it into a session or point a test
          suite at it.
        </EmptyState>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {apps.data?.map((a) => (
          <Card key={a.public_id} withBorder>
            <Group wrap="nowrap" align="flex-start">
              <AuthedImage
                src={a.icon_url}
                alt=""
                width={48}
                height={48}
                fallback={<div style={{ width: 48, height: 48 }} />}
              />
              <Stack gap={2}>
                <AnchorLink to="/apps/$appId" params={{ appId: a.public_id }} fw={600}>
                  {a.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {a.package_name}
                </Text>
                <Group gap="xs">
                  <Badge variant="light" tt="none">
                    {a.platform === 'ios' ? 'iOS' : 'Android'}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    updated {formatTime(a.updated_at)}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <UploadDialog opened={opened} onClose={close} />
    </>
  );
}
