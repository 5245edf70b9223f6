import { ScrollRegion } from '../../components/ScrollRegion';
import { AnchorLink } from '../../components/links';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Table,
  TagsInput,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, ok, upload } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { EmptyState, ErrorAlert, Loading } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { ReusableCases } from './ReusableCases';

export const TAG_PATTERN = /^[a-z0-9_-]{1,50}$/;

export function SuitesPage() {
  const canEdit = useHasRole('developer');
  const [tags, setTags] = useState<string[]>([]);
  const [match, setMatch] = useState<'any' | 'all'>('any');
  const [appId, setAppId] = useState<string | null>(null);
  const [creating, create] = useDisclosure();
  const [importing, importYaml] = useDisclosure();
  const query = { ...(tags.length ? { tags: tags.join(','), match } : {}), ...(appId ? { app_id: appId } : {}) };
  const suites = useQuery({
    queryKey: ['suites', query],
    queryFn: () => ok(api.GET('/api/v1/tests/suites', { params: { query } })),
  });
  const allTags = useQuery({ queryKey: ['tags'], queryFn: () => ok(api.GET('/api/v1/tests/tags')) });
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')) });

  return (
    <>
      <PageHeader
        title="Tests"
        description="Suites of cases in plain English or recorded, run on live devices"
        actions={
          canEdit ? (
            <>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importYaml.open}>
                Import YAML
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
                New suite
              </Button>
            </>
          ) : null
        }
      />
      <Tabs defaultValue="suites">
        <Tabs.List mb="md">
          <Tabs.Tab value="suites">Suites</Tabs.Tab>
          <Tabs.Tab value="reusable">Reusable cases</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="suites">
          <Group mb="md" align="flex-end" wrap="wrap">
            <MultiSelect
              label="Tags"
              placeholder="Any tag"
              data={(allTags.data ?? []).map((t) => ({ value: t.name, label: `${t.display_name} (${t.suite_count})` }))}
              value={tags}
              onChange={setTags}
              clearable
              searchable
              w={280}
            />
            {tags.length > 1 ? (
              <SegmentedControl
                aria-label="Tag match"
                value={match}
                onChange={(v) => setMatch(v as 'any' | 'all')}
                data={[
                  { value: 'any', label: 'Any tag' },
                  { value: 'all', label: 'All tags' },
                ]}
              />
            ) : null}
            <Select
              label="App"
              placeholder="Any app"
              clearable
              data={(apps.data ?? []).map((a) => ({ value: a.public_id, label: a.name }))}
              value={appId}
              onChange={setAppId}
            />
          </Group>
          <ErrorAlert error={suites.error} />
          {suites.isPending ? <Loading /> : null}
          {suites.data?.length === 0 ? (
            <EmptyState
              title={tags.length || appId ? 'No suite matches' : 'No test suites yet'}
              action={canEdit && !tags.length && !appId ? <Button onClick={create.open}>Create a suite</Button> : null}
            >
              {tags.length || appId
                ? 'Try other filters.'
                : 'A suite groups the cases of one app. Create one, then add cases written in plain English or recorded in a session.'}
            </EmptyState>
          ) : null}
          {suites.data?.length ? (
            <ScrollRegion label="Suites (scrolls sideways)" minWidth={760}>
              <Table striped highlightOnHover aria-label="Suites">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Suite</Table.Th>
                    <Table.Th>App</Table.Th>
                    <Table.Th>Cases</Table.Th>
                    <Table.Th>Tags</Table.Th>
                    <Table.Th>Last run</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {suites.data.map((s) => (
                    <Table.Tr key={s.public_id}>
                      <Table.Td>
                        <AnchorLink to="/tests/suites/$suiteId" params={{ suiteId: s.public_id }} fw={500}>
                          {s.name}
                        </AnchorLink>
                        {s.description ? (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {s.description}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{s.app_name ?? '—'}</Table.Td>
                      <Table.Td>{s.case_count}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {s.tags.map((t) => (
                            <Badge key={t.name} variant="outline" size="sm">
                              {t.display_name}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <StatusBadge status={s.last_run_status} />
                          <Text size="xs" c="dimmed">
                            {s.last_run_at ? formatTime(s.last_run_at) : ''}
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="reusable">
          <ReusableCases />
        </Tabs.Panel>
      </Tabs>
      <NewSuiteDialog opened={creating} onClose={create.close} />
      <ImportDialog opened={importing} onClose={importYaml.close} />
    </>
  );
}

function NewSuiteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [appId, setAppId] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')), enabled: opened });
  const badTag = tags.find((t) => !TAG_PATTERN.test(t));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const suite = await ok(
        api.POST('/api/v1/tests/suites', {
          body: { name, description, tags, ...(appId ? { app_public_id: appId } : {}) },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['suites'] });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
      onClose();
      await navigate({ to: '/tests/suites/$suiteId', params: { suiteId: suite.public_id } });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New suite">
      <form onSubmit={submit}>
        <Stack>
          <ErrorAlert error={error} title="Could not create the suite" />
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Select
            label="App"
            description="The app its cases test; runs install its latest build"
            placeholder="Choose an app"
            data={(apps.data ?? []).map((a) => ({ value: a.public_id, label: `${a.name} (${a.platform})` }))}
            value={appId}
            onChange={setAppId}
            clearable
          />
          <TagsInput
            label="Tags"
            description="Lowercase letters, digits, - and _"
            value={tags}
            onChange={setTags}
            error={badTag ? `“${badTag}” is not a valid tag` : undefined}
          />
          <Button type="submit" loading={busy} disabled={!!badTag}>
            Create suite
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [appId, setAppId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')), enabled: opened });
  const submit = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    setError(null);
    try {
      const r = await upload<{ public_id: string; name: string; case_count: number }>(
        `/api/v1/tests/suites/import-yaml${appId ? `?app_id=${encodeURIComponent(appId)}` : ''}`,
        form,
        () => {},
      );
      await queryClient.invalidateQueries({ queryKey: ['suites'] });
      onClose();
      await navigate({ to: '/tests/suites/$suiteId', params: { suiteId: r.public_id } });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Import a suite from YAML">
      <Stack>
        <ErrorAlert error={error} title="Could not import" />
        <FileInput
          label="YAML file"
          placeholder="Choose a .yaml file"
          accept=".yaml,.yml,text/yaml"
          value={file}
          onChange={setFile}
          clearable
        />
        <Select
          label="App"
          description="Overrides the file’s appId"
          placeholder="From the file"
          clearable
          data={(apps.data ?? []).map((a) => ({ value: a.public_id, label: a.name }))}
          value={appId}
          onChange={setAppId}
        />
        <Button onClick={submit} disabled={!file} loading={busy}>
          Import
        </Button>
      </Stack>
    </Modal>
  );
}
