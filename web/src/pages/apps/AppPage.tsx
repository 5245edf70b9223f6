import { ScrollRegion } from '../../components/ScrollRegion';
import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import type { Build } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { AuthedImage } from '../../components/AuthedImage';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatBytes, formatTime } from '../../components/format';
import { UploadDialog } from './UploadDialog';

export function AppPage() {
  const { appId } = useParams({ strict: false }) as { appId: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useHasRole('developer');
  const [uploading, upload] = useDisclosure();
  const [confirming, confirm] = useDisclosure();
  const [deleting, setDeleting] = useState(false);
  const app = useQuery({
    queryKey: ['app', appId],
    queryFn: () => ok(api.GET('/api/v1/apps/{app_id}', { params: { path: { app_id: appId } } })),
  });

  const remove = async () => {
    setDeleting(true);
    try {
      await ok(api.DELETE('/api/v1/apps/{app_id}', { params: { path: { app_id: appId } } }));
      await queryClient.invalidateQueries({ queryKey: ['apps'] });
      notify.ok('App deleted with its builds.');
      await navigate({ to: '/apps' });
    } catch (err) {
      notify.error(err, 'Could not delete the app');
    } finally {
      setDeleting(false);
    }
  };

  if (app.isPending) return <Loading />;
  if (!app.data) return <ErrorAlert error={app.error} title="Could not load the app" />;
  const a = app.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Group>
          <AuthedImage src={a.icon_url} alt={`${a.name} icon`} width={64} height={64} />
          <Stack gap={2}>
            <Title order={2}>{a.name}</Title>
            <Text c="dimmed">
              {a.package_name} ·{' '}
              <Badge variant="light" tt="none">
                {a.platform === 'ios' ? 'iOS' : 'Android'}
              </Badge>
            </Text>
            <Text size="sm">Latest: {a.latest_version ? `${a.latest_version} (${a.latest_build_number})` : '—'}</Text>
          </Stack>
        </Group>
        {canEdit ? (
          <Group>
            <Button leftSection={<IconUpload size={16} />} onClick={upload.open}>
              Upload build
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirm.open}>
              Delete app
            </Button>
          </Group>
        ) : null}
      </Group>
      <VirtualRunNote builds={a.builds} />
      <Title order={3}>Builds</Title>
      <ScrollRegion label="Builds (scrolls sideways)" minWidth={700}>
        <Table striped aria-label="Builds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>SDK</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>On virtual devices</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.builds.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  {b.version} <Code>{b.build_number}</Code>
                  <Text size="xs" c="dimmed">
                    build id {b.id}
                  </Text>
                </Table.Td>
                <Table.Td>{formatBytes(b.file_size)}</Table.Td>
                <Table.Td>{b.min_sdk_version ? `${b.min_sdk_version} → ${b.target_sdk_version}` : '—'}</Table.Td>
                <Table.Td>
                  {formatTime(b.uploaded_at)}
                  <Text size="xs" c="dimmed">
                    {b.uploaded_by}
                  </Text>
                </Table.Td>
                <Table.Td>{b.note ?? ''}</Table.Td>
                <Table.Td>{hasAppModel(b) ? 'runs (simdeck app model)' : 'placeholder screen'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <UploadDialog opened={uploading} onClose={upload.close} appId={appId} />
      <Modal opened={confirming} onClose={confirm.close} title="Delete this app?">
        <Stack>
          <Text>
            {a.name} and its {a.builds.length} build{a.builds.length === 1 ? '' : 's'} are deleted. Suites that use it
            keep their cases but lose their app.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Keep it
            </Button>
            <Button color="red" onClick={remove} loading={deleting}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Whether a build carries a simdeck app model (uploads before this was recorded count as without). */
function hasAppModel(b: Build): boolean {
  return b.metadata.simdeck_app_model === true;
}

/**
 * What the built-in virtual devices make of this app: they run a simdeck app model, not the app's
 * code; a package without one shows a placeholder screen there, and runs for real only on a device
 * host (an Android emulator or an iOS simulator).
 */
function VirtualRunNote({ builds }: { builds: Build[] }) {
  const pools = useQuery({ queryKey: ['device-pools'], queryFn: () => ok(api.GET('/api/v1/devices/pools')) });
  const latest = builds[0];
  // Said where the fleet has virtual devices (the built-in one does); a fleet of device hosts runs the app itself.
  if (!latest || !pools.data?.some((p) => p.virtual)) return null;
  return hasAppModel(latest) ? (
    <Alert color="blue" title="Runs on simdeck's virtual devices">
      This package carries a simdeck app model, so the built-in virtual devices run it: its screens are drawn from the
      model, not from the app's own code. On a device host (an Android emulator or an iOS simulator) the app itself
      runs.
    </Alert>
  ) : (
    <Alert color="yellow" title="A placeholder screen on virtual devices">
      This package has no simdeck app model. The built-in virtual devices cannot run real app code, so installed there
      it shows a placeholder screen. It runs for real on a device host (an Android emulator or an iOS simulator)
      connected as a worker; see Device hosts in the README.
    </Alert>
  );
}
