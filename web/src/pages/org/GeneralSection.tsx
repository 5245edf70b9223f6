import { Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { SessionDefaults } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { useOrgId } from './org-id';

const TIMEOUTS = ['5m', '10m', '15m', '30m', '60m', '120m', '240m', '480m', '1440m'];

export function GeneralSection() {
  const orgId = useOrgId();
  const isAdmin = useHasRole('admin');
  const org = useQuery({
    queryKey: ['org', orgId],
    queryFn: () => ok(api.GET('/api/v1/organizations/{org_id}', { params: { path: { org_id: orgId } } })),
  });
  const defaults = useQuery({
    queryKey: ['session-defaults', orgId],
    queryFn: () =>
      ok(api.GET('/api/v1/organizations/{org_id}/session-defaults', { params: { path: { org_id: orgId } } })),
  });
  return (
    <Stack gap="xl" maw={560}>
      {org.data ? (
        <OrgName key={org.data.name} name={org.data.name} plan={org.data.plan_id} canEdit={isAdmin} />
      ) : (
        <ErrorAlert error={org.error} />
      )}
      <Stack gap="xs">
        <Title order={3}>Session defaults</Title>
        {defaults.isPending ? <Loading /> : null}
        <ErrorAlert error={defaults.error} />
        {defaults.data ? (
          <DefaultsForm key={JSON.stringify(defaults.data)} defaults={defaults.data} canEdit={isAdmin} />
        ) : null}
      </Stack>
    </Stack>
  );
}

function OrgName({ name, plan, canEdit }: { name: string; plan: string; canEdit: boolean }) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(name);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await ok(
        api.PATCH('/api/v1/organizations/{org_id}', { params: { path: { org_id: orgId } }, body: { name: value } }),
      );
      await queryClient.invalidateQueries({ queryKey: ['org', orgId] });
      notify.ok('Organization renamed.');
    } catch (err) {
      notify.error(err, 'Could not rename');
    }
  };
  return (
    <form onSubmit={save}>
      <Stack gap="xs">
        <Title order={3}>Organization</Title>
        <Text size="sm" c="dimmed">
          Plan: {plan}
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Name"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            disabled={!canEdit}
            required
            style={{ flex: 1 }}
          />
          {canEdit ? (
            <Button type="submit" disabled={value === name}>
              Rename
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function DefaultsForm({ defaults, canEdit }: { defaults: SessionDefaults; canEdit: boolean }) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [timeout, setTimeoutValue] = useState(defaults.session_timeout);
  const [permissions, setPermissions] = useState(defaults.session_permissions);
  const [overage, setOverage] = useState(defaults.allow_streaming_overage);
  const [error, setError] = useState<unknown>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await ok(
        api.PATCH('/api/v1/organizations/{org_id}/session-defaults', {
          params: { path: { org_id: orgId } },
          body: { session_timeout: timeout, session_permissions: permissions, allow_streaming_overage: overage },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['session-defaults', orgId] });
      notify.ok('Session defaults saved.');
    } catch (err) {
      setError(err);
    }
  };
  const timeouts = TIMEOUTS.includes(defaults.session_timeout) ? TIMEOUTS : [defaults.session_timeout, ...TIMEOUTS];
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <ErrorAlert error={error} title="Could not save" />
        <Select
          label="Idle timeout"
          description="An API-driven session with no use for this long ends"
          allowDeselect={false}
          data={timeouts.map((t) => ({ value: t, label: `${Number.parseInt(t, 10)} minutes` }))}
          value={timeout}
          onChange={(v) => setTimeoutValue(v ?? timeout)}
          disabled={!canEdit}
        />
        <Select
          label="Who may install what"
          allowDeselect={false}
          data={[
            { value: 'full', label: 'Any file may be installed into a session' },
            { value: 'app_only', label: 'Only builds of the organization’s apps' },
          ]}
          value={permissions}
          onChange={(v) => setPermissions((v as SessionDefaults['session_permissions']) ?? permissions)}
          disabled={!canEdit}
        />
        <Switch
          label="Keep streaming past the plan’s included minutes, billed from usage credit"
          checked={overage}
          onChange={(e) => setOverage(e.currentTarget.checked)}
          disabled={!canEdit}
        />
        {canEdit ? (
          <Group>
            <Button type="submit">Save defaults</Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only admins change these.
          </Text>
        )}
      </Stack>
    </form>
  );
}
