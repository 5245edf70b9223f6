import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, ok } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { ErrorAlert, notify } from '../../components/feedback';
import { AnchorLink } from '../../components/links';
import { ModelSelect } from '../../components/ModelSelect';
import { createAndStartSession } from '../sessions/start-session';

type Mode = 'hybrid' | 'ai' | 'replay';

/** Waits until a session is active (it may boot, or wait in the queue first). */
async function untilActive(sessionId: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const s = await ok(api.GET('/api/v1/sessions/{session_id}', { params: { path: { session_id: sessionId } } }));
    if (s.status === 'active') return;
    if (s.status === 'failed' || s.status === 'stopped')
      throw new Error(s.error_message ?? 'The session ended before it became usable.');
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The session did not become usable in time.');
}

/**
 * Runs a case or a suite on one of the organization's active sessions (or a new one), then opens
 * the run's live page.
 */
export function RunDialog({
  opened,
  onClose,
  target,
  platform,
}: {
  opened: boolean;
  onClose: () => void;
  target: { kind: 'case' | 'suite'; publicId: string; name: string };
  platform: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('hybrid');
  const [model, setModel] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: ['sessions', { status: 'active' }],
    queryFn: () => ok(api.GET('/api/v1/sessions', { params: { query: { status: 'active', limit: 100 } } })),
    enabled: opened,
  });
  const config = useQuery({
    queryKey: ['ai-config'],
    queryFn: () => ok(api.GET('/api/v1/ai/config')),
    enabled: opened,
  });
  const usable = (sessions.data ?? []).filter((s) => !platform || s.device_type === platform);
  // The only session that can run it is the one meant.
  const only = usable.length === 1 ? usable[0]!.session_id : null;
  useEffect(() => {
    if (only) setSessionId((current) => current ?? only);
  }, [only]);

  const startSession = async () => {
    setBusy('Starting a session…');
    setError(null);
    try {
      const id = await createAndStartSession({
        device_type: platform === 'ios' ? 'ios' : 'android',
        device_category: 'phone',
      });
      setBusy('Waiting for the device…');
      await untilActive(id);
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
      setSessionId(id);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!sessionId) return;
    setBusy('Starting the run…');
    setError(null);
    try {
      const common = { session_id: sessionId, mode, ...(model && mode !== 'replay' ? { model } : {}) };
      if (target.kind === 'case') {
        const r = await ok(
          api.POST('/api/v1/ai/test/run', { body: { test_case_public_id: target.publicId, ...common } }),
        );
        for (const w of r.warnings ?? []) notify.error(new Error(w), 'Warning');
        onClose();
        await navigate({ to: '/runs/$runId', params: { runId: r.run_public_id } });
      } else {
        const r = await ok(api.POST('/api/v1/ai/suite/run', { body: { suite_public_id: target.publicId, ...common } }));
        onClose();
        await navigate({ to: '/suite-runs/$suiteRunId', params: { suiteRunId: r.suite_run_public_id } });
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Run “${target.name}”`}>
      <Stack>
        <RunError error={error} />
        {sessions.data && usable.length === 0 ? (
          <Alert color="blue" title="No active session">
            A run needs a live {platform === 'ios' ? 'iOS' : platform === 'android' ? 'Android' : ''} session. Start one
            here; it is yours until you end it.
          </Alert>
        ) : null}
        <Select
          label="Session"
          allowDeselect={false}
          placeholder={usable.length ? 'Choose a session' : 'None active'}
          data={usable.map((s) => ({
            value: s.session_id,
            label: `${s.device_name ?? s.device_type} · ${s.user_email ?? ''}`,
          }))}
          value={sessionId}
          onChange={setSessionId}
        />
        <Group>
          <Button variant="default" onClick={startSession} disabled={!!busy}>
            Start a new session
          </Button>
        </Group>
        <Select
          label="Run mode"
          allowDeselect={false}
          value={mode}
          onChange={(v) => setMode((v as Mode) ?? 'hybrid')}
          data={[
            {
              value: 'hybrid',
              label: 'Hybrid: replay recorded actions, then the interpreter, then the AI agent',
            },
            { value: 'ai', label: 'AI agent: every step by the interpreter or the agent, no replay' },
            { value: 'replay', label: 'Replay only: recorded actions, no interpreter or AI' },
          ]}
        />
        {mode !== 'replay' ? (
          <ModelSelect
            label="Model"
            placeholder={config.data ? `Organization default: ${config.data.default_model}` : 'Organization default'}
            clearable
            value={model}
            onChange={(m) => setModel(m?.id ?? null)}
            enabled={opened}
          />
        ) : null}
        {busy ? <Text c="dimmed">{busy}</Text> : null}
        <Button onClick={run} disabled={!sessionId || !!busy}>
          Run
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * Why the run did not start, in the API's words: 402 is no usage credit left for simdeck's model
 * (top up, or pick a model on your own key); 400 names the model or the input at fault.
 */
function RunError({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 402)
    return (
      <Alert color="orange" title="Out of usage credit" role="alert">
        <Text size="sm">{messageOf(error)}</Text>
        <Text size="sm" mt="xs">
          Pick a model on your own key, or{' '}
          <AnchorLink to="/organization" search={{ tab: 'billing' }} c="inherit" fw={600} underline="always">
            add credit
          </AnchorLink>
          .
        </Text>
      </Alert>
    );
  if (error instanceof ApiError && error.status === 400)
    return (
      <Alert color="red" title="The run cannot start like this" role="alert">
        <Text size="sm">{messageOf(error)}</Text>
        {/model/i.test(error.detail) ? (
          <Text size="sm" mt="xs">
            Choose another model, or set up the organization's{' '}
            <AnchorLink to="/organization" search={{ tab: 'ai' }} c="inherit" fw={600} underline="always">
              AI settings
            </AnchorLink>
            .
          </Text>
        ) : null}
      </Alert>
    );
  return <ErrorAlert error={error} title="Could not start the run" />;
}
