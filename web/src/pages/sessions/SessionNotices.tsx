import { ButtonLink } from '../../components/links';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, ok } from '../../api/client';
import type { Session } from '../../api/types';
import { notify } from '../../components/feedback';
import { whySessionEnded } from './end-reasons';
import { createAndStartSession } from './start-session';

/** Says plainly that the session's device is one of simdeck's virtual devices, and what that means for apps. */
export function VirtualDeviceNote({ deviceId }: { deviceId: string }) {
  const device = useQuery({
    queryKey: ['device', deviceId],
    queryFn: () => ok(api.GET('/api/v1/devices/{device_id}', { params: { path: { device_id: deviceId } } })),
    staleTime: 60_000,
  });
  if (!device.data?.virtual) return null;
  return (
    <Alert color="blue" title="A simdeck virtual device" mb="md">
      This device is simulated by simdeck, with no Android or iOS underneath. It runs apps that carry a simdeck app
      model (like the sample app); any other APK or IPA installs but shows a placeholder screen. Real emulators and
      simulators come from a device host.
    </Alert>
  );
}

export function EndingWarning({ reason, message, at }: { reason: string; message: string | null; at: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const why: Record<string, string> = {
    idle_timeout: 'it has been idle',
    never_used: 'it was never used',
    plan_limit: 'your plan’s limit is reached',
    credit_exhausted: 'your usage credit ran out',
  };
  return (
    <Alert color="orange" title={`This session ends in ${Math.max(0, Math.round((at - now) / 1000))} s`} role="alert">
      {message ??
        `It ends because ${why[reason] ?? reason}. Tap the screen or press a key to keep an idle session going.`}
    </Alert>
  );
}

export function SessionEnded({ session }: { session: Session }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const again = async () => {
    setBusy(true);
    try {
      const id = await createAndStartSession({
        device_type: session.device_type,
        device_category: session.device_category,
      });
      await navigate({ to: '/sessions/$sessionId', params: { sessionId: id } });
    } catch (err) {
      notify.error(err, 'Could not start another session');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="lg" role="status">
      <Stack gap="xs">
        <Text fw={600}>{session.status === 'failed' ? 'This session failed.' : 'This session is over.'}</Text>
        <Text c="dimmed">{whySessionEnded(session)}</Text>
        <Group>
          <Button onClick={again} loading={busy}>
            Start another session
          </Button>
          <ButtonLink to="/sessions" variant="default">
            Back to sessions
          </ButtonLink>
        </Group>
      </Stack>
    </Paper>
  );
}
