import { Alert, Badge, Button, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ok } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { RecordedAction, RecordedElement, Session, StepValue } from '../../api/types';
import { ErrorAlert, notify } from '../../components/feedback';
import type { ControlAction } from './control-queue';
import type { ScreenInfo } from './LiveScreen';
import { forgetRecording, loadRecording, storeRecording } from './recording-store';
import { plainSteps, withActionRanges } from './recording-steps';

/** How many actions keep a screenshot (for turning the recording into steps); later ones go without. */
const SCREENSHOTS_KEPT = 30;

function toRecorded(a: ControlAction, t_ms: number): RecordedAction | null {
  switch (a.action) {
    case 'tap':
      return { type: 'tap', t_ms, x: a.x, y: a.y };
    case 'swipe':
      return { type: 'swipe', t_ms, x: a.x, y: a.y, x2: a.x2, y2: a.y2, duration_ms: a.duration };
    case 'text':
      return { type: 'type_text', t_ms, text: a.text };
    case 'key':
      return { type: 'key', t_ms, key: a.keycode };
    case 'button':
      return { type: 'button', t_ms, button: a.button };
    case 'rotate':
      return { type: 'rotate', t_ms, rotation: a.rotation };
    default:
      return null;
  }
}

export type Recording = ReturnType<typeof useRecording>;

/**
 * Captures the input sent to the device while recording: each touch with the element it landed
 * on (asked of the server just before the touch is sent) and a picture of the screen it acted on.
 * The recording is kept in this browser's storage, so a reload finds it (still recording if it was).
 */
export function useRecording(canvasRef: React.RefObject<HTMLCanvasElement | null>, sessionId: string) {
  const [stored] = useState(() => loadRecording(sessionId));
  const [active, setActive] = useState(stored?.active ?? false);
  const [actions, setActions] = useState<RecordedAction[]>(stored?.actions ?? []);
  const startedAt = useRef(stored?.startedAt ?? 0);
  const activeRef = useRef(stored?.active ?? false);
  useEffect(() => {
    storeRecording(sessionId, { active, startedAt: startedAt.current, actions });
  }, [sessionId, active, actions]);
  /** The element under a touch about to be sent, while recording; a lookup that fails leaves the touch unnamed. */
  const lookup = useCallback(
    async (a: ControlAction): Promise<RecordedElement | null> => {
      if (!activeRef.current || a.action !== 'tap' || a.x === undefined || a.y === undefined) return null;
      const found = await api
        .GET('/api/v1/sessions/{session_id}/element-at', {
          params: { path: { session_id: sessionId }, query: { x: a.x, y: a.y } },
        })
        .catch(() => null);
      return found?.data?.element ?? null;
    },
    [sessionId],
  );
  const capture = useCallback(
    (a: ControlAction, element: RecordedElement | null = null) => {
      if (!activeRef.current) return;
      const base = toRecorded(a, Math.max(0, Date.now() - startedAt.current));
      if (!base) return;
      const recorded = element ? { ...base, selector: element.selector } : base;
      setActions((list) => {
        const last = list.at(-1);
        // Typing arrives in pieces; one type_text action holds what was typed in a row.
        if (recorded.type === 'type_text' && last?.type === 'type_text')
          return [...list.slice(0, -1), { ...last, text: `${last.text ?? ''}${recorded.text ?? ''}` }];
        const shot = list.length < SCREENSHOTS_KEPT ? canvasRef.current?.toDataURL('image/jpeg', 0.6) : undefined;
        return [...list, shot ? { ...recorded, screenshot: shot } : recorded];
      });
    },
    [canvasRef],
  );
  /** A device capability the Device tab set while recording (no screenshot: the screen did not take it). */
  const captureDevice = useCallback((a: Omit<RecordedAction, 't_ms'>) => {
    if (!activeRef.current) return;
    setActions((list) => [...list, { ...a, t_ms: Math.max(0, Date.now() - startedAt.current) }]);
  }, []);
  return {
    active,
    actions,
    capture,
    captureDevice,
    lookup,
    start() {
      startedAt.current = Date.now();
      activeRef.current = true;
      setActions([]);
      setActive(true);
    },
    stop() {
      activeRef.current = false;
      setActive(false);
    },
    /** The recording is saved (or thrown away): this browser forgets it. */
    clear() {
      activeRef.current = false;
      setActive(false);
      setActions([]);
      forgetRecording(sessionId);
    },
  };
}

/**
 * Steps for the recording: from generate-test (the interpreter's grammar from the recorded
 * elements, or a language model reading the actions and their screenshots), or the same plain
 * steps written here when it cannot answer (no credit, say). A generate-test that fails does not
 * lose the recording: the plain steps are saved and the reason is shown.
 */
async function stepsFor(
  actions: RecordedAction[],
  appName: string | undefined,
): Promise<{ steps: StepValue[]; assertions: string[] }> {
  try {
    const generated = await ok(
      api.POST('/api/v1/ai/generate-test', { body: { recording: actions, ...(appName ? { app_name: appName } : {}) } }),
    );
    return { steps: withActionRanges(generated.steps, actions.length), assertions: generated.assertions };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    notify.error(err, 'Steps were written one per action');
    return { steps: plainSteps(actions), assertions: [] };
  }
}

export function Recorder({
  session,
  screen,
  recording,
}: {
  session: Session;
  screen: ScreenInfo | null;
  recording: Recording;
}) {
  const navigate = useNavigate();
  const suites = useQuery({ queryKey: ['suites', {}], queryFn: () => ok(api.GET('/api/v1/tests/suites')) });
  const [suiteId, setSuiteId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const options = (suites.data ?? []).filter((s) => !s.platform || s.platform === session.device_type);

  const save = async () => {
    if (!suiteId) return;
    setSaving(true);
    setError(null);
    try {
      const suite = options.find((s) => s.public_id === suiteId);
      const { steps, assertions } = await stepsFor(recording.actions, suite?.app_name ?? undefined);
      const sourceRecording = recording.actions.map(({ screenshot: _s, ...a }) => a);
      const created = await ok(
        api.POST('/api/v1/tests/suites/{suite_id}/cases', {
          params: { path: { suite_id: suiteId } },
          body: {
            name: name || `Recorded ${new Date().toLocaleString()}`,
            mode: 'recorded',
            steps,
            assertions,
            source_recording: sourceRecording,
            ...(screen ? { source_device_width: screen.width, source_device_height: screen.height } : {}),
          },
        }),
      );
      recording.clear();
      await navigate({ to: '/tests/cases/$caseId', params: { caseId: created.public_id } });
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Record a test</Title>
      <Text size="sm" c="dimmed">
        Start recording, then use the device: every tap is recorded with the element it lands on, and every swipe, key
        and text with a picture of the screen. Save it as a case; its steps replay the actions, finding each element
        again. The recording is kept in this browser until you save it.
      </Text>
      <Group>
        {recording.active ? (
          <Button color="red" onClick={recording.stop}>
            Stop recording
          </Button>
        ) : (
          <Button onClick={recording.start}>{recording.actions.length ? 'Record again' : 'Start recording'}</Button>
        )}
        {recording.active ? <Badge color="red">recording</Badge> : null}
      </Group>
      {recording.actions.length ? (
        <List type="ordered" size="sm" aria-label="Recorded steps">
          {plainSteps(recording.actions).map((step) => (
            <List.Item key={step.action_indices[0]}>{step.text}</List.Item>
          ))}
        </List>
      ) : null}
      {!recording.active && recording.actions.length ? (
        <Stack gap="xs">
          {options.length === 0 ? (
            <Alert color="blue">Create a suite on the Tests page first; recorded cases are saved into a suite.</Alert>
          ) : null}
          <Select
            label="Save into suite"
            data={options.map((s) => ({ value: s.public_id, label: s.name }))}
            value={suiteId}
            onChange={setSuiteId}
            placeholder="Choose a suite"
          />
          <TextInput
            label="Case name"
            placeholder="Sign in with a valid account"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <ErrorAlert error={error} title="Could not save the case" />
          <Button onClick={save} loading={saving} disabled={!suiteId}>
            Save as test case
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
