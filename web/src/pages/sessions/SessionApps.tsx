import { Button, FileInput, Group, Progress, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ok, upload } from '../../api/client';
import type { Session } from '../../api/types';
import { notify } from '../../components/feedback';

type InstalledApp = { package_name: string; name: string; version: string };

/**
 * Installing the organization's builds or a file, and the apps on the device with launch and
 * uninstall; a member who only watches the session sees the list alone.
 */
export function SessionApps({
  session,
  apps,
  controls,
}: {
  session: Session;
  apps: InstalledApp[] | null;
  controls: boolean;
}) {
  const path = { params: { path: { session_id: session.session_id } } };
  const refresh = () =>
    ok(api.GET('/api/v1/sessions/{session_id}/apps', path)).catch((err) =>
      notify.error(err, 'Could not list the apps'),
    );
  // The list arrives over the real-time channel as session.apps.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per session
  useEffect(() => {
    if (session.status === 'active') void refresh();
  }, [session.session_id, session.status]);

  const launch = async (packageName: string) => {
    try {
      await ok(api.POST('/api/v1/sessions/{session_id}/launch-app', { ...path, body: { package_name: packageName } }));
    } catch (err) {
      notify.error(err, 'Could not launch the app');
    }
  };
  const uninstall = async (packageName: string) => {
    try {
      await ok(
        api.DELETE('/api/v1/sessions/{session_id}/apps/{package_name}', {
          params: { path: { session_id: session.session_id, package_name: packageName } },
        }),
      );
      void refresh();
    } catch (err) {
      notify.error(err, 'Could not uninstall the app');
    }
  };

  return (
    <Stack gap="lg">
      {controls ? <InstallBuild session={session} onInstalled={refresh} /> : null}
      {controls ? <InstallFile session={session} onInstalled={refresh} /> : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Installed apps</Title>
          <Button size="xs" variant="subtle" onClick={() => void refresh()}>
            Refresh
          </Button>
        </Group>
        {apps === null ? <Text c="dimmed">Asking the device…</Text> : null}
        {apps?.length === 0 ? (
          <Text c="dimmed">No apps installed yet{controls ? ': install a build or a file above' : ''}.</Text>
        ) : null}
        {apps?.length ? (
          <Table aria-label="Installed apps">
            <Table.Tbody>
              {apps.map((a) => (
                <Table.Tr key={a.package_name}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {a.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.package_name} · {a.version}
                    </Text>
                  </Table.Td>
                  <Table.Td hidden={!controls}>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void launch(a.package_name)}
                        aria-label={`Launch ${a.name}`}
                      >
                        Launch
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void uninstall(a.package_name)}
                        aria-label={`Uninstall ${a.name}`}
                      >
                        Uninstall
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Stack>
  );
}

function InstallBuild({ session, onInstalled }: { session: Session; onInstalled: () => void }) {
  const [appId, setAppId] = useState<string | null>(null);
  const [buildId, setBuildId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')) });
  const app = useQuery({
    queryKey: ['app', appId],
    queryFn: () => ok(api.GET('/api/v1/apps/{app_id}', { params: { path: { app_id: appId! } } })),
    enabled: !!appId,
  });
  const options = (apps.data ?? []).filter((a) => a.platform === session.device_type);
  const install = async () => {
    const build = buildId ?? (app.data?.builds[0] ? String(app.data.builds[0].id) : null);
    if (!build) return;
    setBusy(true);
    try {
      const r = await ok(
        api.POST('/api/v1/sessions/{session_id}/install-build', {
          params: { path: { session_id: session.session_id } },
          body: { build_id: Number(build), launch_after_install: true },
        }),
      );
      notify.ok(`${r.name} ${r.version} is installed${r.launched ? ' and running' : ''}.`);
      onInstalled();
    } catch (err) {
      notify.error(err, 'Could not install the build');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Install a build</Title>
      {apps.data && options.length === 0 ? (
        <Text c="dimmed">
          No {session.device_type === 'ios' ? 'iOS' : 'Android'} apps uploaded yet. Upload one on the Apps page, or
          install a file below.
        </Text>
      ) : null}
      {options.length ? (
        <>
          <Select
            label="App"
            placeholder="Choose an app"
            data={options.map((a) => ({ value: a.public_id, label: a.name }))}
            value={appId}
            onChange={(v) => {
              setAppId(v);
              setBuildId(null);
            }}
          />
          <Select
            label="Build"
            placeholder="Latest"
            disabled={!app.data}
            data={(app.data?.builds ?? []).map((b) => ({
              value: String(b.id),
              label: `${b.version} (${b.build_number})`,
            }))}
            value={buildId}
            onChange={setBuildId}
            clearable
          />
          <Button onClick={install} loading={busy} disabled={!app.data?.builds.length}>
            Install and launch
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

function InstallFile({ session, onInstalled }: { session: Session; onInstalled: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [launch, setLaunch] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  const install = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('launch_after_install', String(launch));
    form.append('file', file);
    setProgress(0);
    try {
      const r = await upload<{ name: string; version: string }>(
        `/api/v1/sessions/${encodeURIComponent(session.session_id)}/install-app`,
        form,
        setProgress,
      );
      notify.ok(`${r.name} ${r.version} is installed.`);
      setFile(null);
      onInstalled();
    } catch (err) {
      notify.error(err, 'Could not install the file');
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Install a file</Title>
      <FileInput
        label="Package"
        description=".apk, or an iOS simulator app as .zip / .tar.gz"
        placeholder="Choose a file"
        accept=".apk,.zip,.tar.gz,.tgz"
        value={file}
        onChange={setFile}
        clearable
      />
      <Switch label="Launch after installing" checked={launch} onChange={(e) => setLaunch(e.currentTarget.checked)} />
      {progress !== null ? <Progress value={progress * 100} aria-label="Upload progress" animated /> : null}
      <Button onClick={install} disabled={!file} loading={progress !== null}>
        Install
      </Button>
    </Stack>
  );
}
