import { Alert, Badge, Button, Grid, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconCamera, IconRotateClockwise } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ok, saveBlob } from '../../api/client';
import { useControlsSession } from '../../auth/auth-store';
import type { RecordedElement, Session } from '../../api/types';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { clock, osName, parseApiTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { realtime, useSessionChannel } from '../../realtime/realtime';
import { type ControlAction, ControlQueue } from './control-queue';
import { LiveScreen, type ScreenInfo } from './LiveScreen';
import { QueueWait } from './QueueWait';
import { Recorder, useRecording } from './Recorder';
import { DevicePanel } from './DevicePanel';
import { SessionApps } from './SessionApps';
import { SessionLogTail } from './SessionLogTail';
import { EndingWarning, SessionEnded, VirtualDeviceNote } from './SessionNotices';

const HEARTBEAT_MS = 20_000;

/** A `data:image/…;base64,` URL as a Blob, decoded here: the page's policy lets fetch reach this origin only. */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', base64 = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** A live session: its screen, its controls, installing and launching apps, recording a case. */
export function SandboxPage() {
  const { sessionId } = useParams({ strict: false }) as { sessionId: string };
  const queryClient = useQueryClient();
  const key = useMemo(() => ['session', sessionId], [sessionId]);
  const session = useQuery({
    queryKey: key,
    queryFn: () => ok(api.GET('/api/v1/sessions/{session_id}', { params: { path: { session_id: sessionId } } })),
    refetchInterval: 15_000,
  });
  const [queuePosition, setQueuePosition] = useState<number | null>(null);
  const [ending, setEnding] = useState<{ reason: string; message: string | null; at: number } | null>(null);
  const [apps, setApps] = useState<Array<{ package_name: string; name: string; version: string }> | null>(null);
  const screenshotWaiter = useRef<((image: string) => void) | null>(null);

  useSessionChannel(sessionId, (m) => {
    // Updates carry no capabilities (GET lists them): those already known stay, or are asked for once a device is held.
    if (m.type === 'session.updated') {
      const known = queryClient.getQueryData<Session>(key)?.capabilities;
      queryClient.setQueryData(key, { ...m.session, capabilities: m.session.capabilities ?? known });
      if (!known?.length && m.session.device_id) void queryClient.invalidateQueries({ queryKey: key });
    }
    if (m.type === 'queue.updated') setQueuePosition(m.position);
    if (m.type === 'session.ending')
      setEnding({ reason: m.reason, message: m.message ?? null, at: Date.now() + m.in_seconds * 1000 });
    if (m.type === 'session.apps') setApps(m.apps);
    if (m.type === 'session.screenshot') screenshotWaiter.current?.(m.image);
  });

  const s = session.data;
  const controls = useControlsSession(s?.created_by ?? { user_id: null, api_token_id: null });
  const running = s?.status === 'active' || s?.status === 'starting';
  const active = s?.status === 'active';
  useEffect(() => {
    if (active && performance.getEntriesByName('simdeck:session-active').length === 0)
      performance.mark('simdeck:session-active');
  }, [active]);
  // While this tab shows the session, it keeps the session in use.
  useEffect(() => {
    if (!running) return;
    realtime.heartbeat(sessionId);
    const timer = setInterval(() => realtime.heartbeat(sessionId), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [running, sessionId]);

  if (session.isPending) return <Loading />;
  if (!s) return <ErrorAlert error={session.error} title="Could not load the session" />;

  return (
    <Stack>
      <SessionHeader session={s} controls={controls} />
      {controls ? null : (
        <Alert color="gray" title="You are watching this session">
          Its owner{s.user_email ? ` (${s.user_email})` : ''}, developers and admins control it: the screen, apps and
          the end of the session are theirs. You can watch it and take screenshots.
        </Alert>
      )}
      {ending && running ? <EndingWarning reason={ending.reason} message={ending.message} at={ending.at} /> : null}
      {s.status === 'pending' ? <QueueWait session={s} position={queuePosition ?? s.queue_position} /> : null}
      {running ? <LiveSession session={s} apps={apps} screenshotWaiter={screenshotWaiter} controls={controls} /> : null}
      {s.status === 'stopped' || s.status === 'failed' ? <SessionEnded session={s} /> : null}
    </Stack>
  );
}

function SessionHeader({ session, controls }: { session: Session; controls: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    try {
      await ok(api.DELETE('/api/v1/sessions/{session_id}', { params: { path: { session_id: session.session_id } } }));
      notify.ok('Session ended; the device is free again.');
      await navigate({ to: '/sessions' });
    } catch (err) {
      notify.error(err, 'Could not end the session');
    } finally {
      setBusy(false);
    }
  };
  const running = session.status === 'active' || session.status === 'starting';
  return (
    <Group justify="space-between">
      <Group gap="sm">
        <Title order={2}>
          {session.device_name ?? `${session.device_type === 'ios' ? 'iOS' : 'Android'} ${session.device_category}`}
        </Title>
        <StatusBadge status={session.queue_position ? 'queued' : session.status} />
        {session.os_version ? (
          <Badge variant="outline" tt="none">
            {osName(session.device_type, session.device_category)} {session.os_version}
          </Badge>
        ) : null}
        {session.status === 'active' ? <SessionTimer startTime={session.start_time} /> : null}
      </Group>
      {controls && (running || session.status === 'pending') ? (
        <Button color="red" variant="light" onClick={end} loading={busy}>
          {session.status === 'pending' ? 'Cancel' : 'End session'}
        </Button>
      ) : null}
    </Group>
  );
}

function SessionTimer({ startTime }: { startTime: string | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const started = parseApiTime(startTime)?.getTime() ?? now;
  return (
    <Badge variant="light" color="gray" aria-label="Session time">
      {clock((now - started) / 1000)}
    </Badge>
  );
}

const ANDROID_KEYS = [
  { key: 'BACK', label: 'Back' },
  { key: 'HOME', label: 'Home' },
  { key: 'MENU', label: 'Menu' },
];
const IOS_BUTTONS = [
  { key: 'HOME', label: 'Home' },
  { key: 'LOCK', label: 'Lock' },
  { key: 'SIRI', label: 'Siri' },
];

function LiveSession({
  session,
  apps,
  screenshotWaiter,
  controls,
}: {
  session: Session;
  apps: Array<{ package_name: string; name: string; version: string }> | null;
  screenshotWaiter: React.MutableRefObject<((image: string) => void) | null>;
  /** False for a member who only watches: no input, installs or recording. */
  controls: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [screen, setScreen] = useState<ScreenInfo | null>(session.screen);
  const [inputError, setInputError] = useState<unknown>(null);
  const recording = useRecording(canvasRef, session.session_id);
  const recordRef = useRef(recording);
  recordRef.current = recording;
  const queue = useMemo(
    () =>
      new ControlQueue<RecordedElement>(
        session.session_id,
        setInputError,
        (a, element) => recordRef.current.capture(a, element),
        (a) => recordRef.current.lookup(a),
      ),
    [session.session_id],
  );
  const send = useCallback((a: ControlAction) => queue.push(a), [queue]);

  const rotate = () =>
    send({ action: 'rotate', rotation: (((screen?.rotation ?? 0) + 90) % 360) as 0 | 90 | 180 | 270 });
  const screenshot = async () => {
    const image = await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      screenshotWaiter.current = (img) => {
        clearTimeout(timer);
        resolve(img);
      };
      send({ action: 'screenshot' });
    });
    screenshotWaiter.current = null;
    const blob = image
      ? dataUrlToBlob(image)
      : await new Promise<Blob | null>((r) => canvasRef.current?.toBlob(r, 'image/png'));
    if (blob)
      saveBlob(
        blob,
        `${session.device_name ?? 'screen'}-${new Date().toISOString().replace(/[:.]/g, '-')}.${image ? 'jpg' : 'png'}`,
      );
  };
  const hardware = session.device_type === 'ios' ? IOS_BUTTONS : ANDROID_KEYS;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 'content' }}>
        <Stack align="center" gap="sm">
          {session.status === 'starting' ? <Text c="dimmed">The device is booting…</Text> : null}
          <LiveScreen
            sessionId={session.session_id}
            onInput={controls ? send : undefined}
            onScreen={setScreen}
            canvasRef={canvasRef}
          />
          <Group gap="xs" aria-label="Hardware buttons">
            {(controls ? hardware : []).map((b) => (
              <Button
                key={b.key}
                variant="default"
                size="xs"
                onClick={() =>
                  send(
                    session.device_type === 'ios'
                      ? { action: 'button', button: b.key }
                      : { action: 'key', keycode: b.key },
                  )
                }
              >
                {b.label}
              </Button>
            ))}
            {controls ? (
              <Tooltip label="Rotate 90°">
                <Button variant="default" size="xs" onClick={rotate} leftSection={<IconRotateClockwise size={14} />}>
                  Rotate
                </Button>
              </Tooltip>
            ) : null}
            <Button
              variant="default"
              size="xs"
              onClick={() => void screenshot()}
              leftSection={<IconCamera size={14} />}
            >
              Screenshot
            </Button>
          </Group>
          {inputError ? <ErrorAlert error={inputError} title="The device did not take that input" /> : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 'auto' }}>
        {/* Beside the screen, not above it: arriving late, it must not move what the user is about to click. */}
        {session.device_id ? <VirtualDeviceNote deviceId={session.device_id} /> : null}
        <Tabs defaultValue={recording.active || recording.actions.length ? 'record' : 'apps'}>
          <Tabs.List>
            <Tabs.Tab value="apps">Apps</Tabs.Tab>
            {controls ? <Tabs.Tab value="record">Record a test</Tabs.Tab> : null}
            {controls ? <Tabs.Tab value="device">Device</Tabs.Tab> : null}
            <Tabs.Tab value="log">Log and video</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="apps" pt="md">
            <SessionApps session={session} apps={apps} controls={controls} />
          </Tabs.Panel>
          {controls ? (
            <Tabs.Panel value="device" pt="md">
              <DevicePanel session={session} onRecorded={recording.captureDevice} />
            </Tabs.Panel>
          ) : null}
          {controls ? (
            <Tabs.Panel value="record" pt="md">
              <Recorder session={session} screen={screen} recording={recording} />
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="log" pt="md">
            <SessionLogTail session={session} controls={controls} />
          </Tabs.Panel>
        </Tabs>
      </Grid.Col>
    </Grid>
  );
}
