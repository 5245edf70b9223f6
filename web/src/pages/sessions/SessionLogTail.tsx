import { Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, fetchBlob, ok, saveBlob } from '../../api/client';
import type { Session } from '../../api/types';
import { notify } from '../../components/feedback';
import { LogLineCells } from '../../components/LogLineCells';

type Line = { seq: number; level: string; tag: string; message: string };
const TAIL = 300;

/**
 * The live session's device log as it grows (polled by cursor) and its screen recordings: record
 * and stop (who controls the session), and each finished recording to download
 * (docs/artifacts.md).
 */
export function SessionLogTail({ session, controls }: { session: Session; controls: boolean }) {
  const sessionId = session.session_id;
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Line[]>([]);
  const [cursor, setCursor] = useState(0);
  const page = useQuery({
    queryKey: ['session-logs', sessionId, cursor],
    queryFn: () =>
      ok(
        api.GET('/api/v1/sessions/{session_id}/logs', {
          params: { path: { session_id: sessionId }, query: { since: cursor, limit: 500 } },
        }),
      ),
    refetchInterval: 2_000,
  });
  useEffect(() => {
    const fresh = page.data?.lines ?? [];
    if (!fresh.length) return;
    setLines((old) => [...old, ...fresh].slice(-TAIL));
    setCursor(page.data!.next_since);
  }, [page.data]);
  const recordings = useQuery({
    queryKey: ['session-recordings', sessionId],
    queryFn: () =>
      ok(api.GET('/api/v1/sessions/{session_id}/recordings', { params: { path: { session_id: sessionId } } })),
  });
  const recordingNow = recordings.data?.recordings.some((r) => r.status === 'recording') ?? false;
  const toggle = async () => {
    const path = recordingNow
      ? '/api/v1/sessions/{session_id}/recording/stop'
      : '/api/v1/sessions/{session_id}/recording/start';
    try {
      await ok(api.POST(path, { params: { path: { session_id: sessionId } } }));
      await queryClient.invalidateQueries({ queryKey: ['session-recordings', sessionId] });
    } catch (err) {
      notify.error(err, recordingNow ? 'Could not stop the recording' : 'Could not start recording');
    }
  };
  const download = async (id: string, url: string) => {
    try {
      saveBlob(await fetchBlob(url), `${id}.mp4`);
    } catch (err) {
      notify.error(err, 'Could not download the recording');
    }
  };

  return (
    <Stack>
      <Group>
        {controls ? (
          <Button size="xs" color={recordingNow ? 'red' : undefined} onClick={() => void toggle()}>
            {recordingNow ? 'Stop recording' : 'Record the screen'}
          </Button>
        ) : null}
        {(recordings.data?.recordings ?? [])
          .filter((r) => r.status === 'ready')
          .map((r) => (
            <Button
              key={r.recording_id}
              size="xs"
              variant="subtle"
              onClick={() => void download(r.recording_id, r.url)}
            >
              {r.recording_id} ({Math.round((r.duration_ms ?? 0) / 1000)} s)
            </Button>
          ))}
      </Group>
      <ScrollArea h={360}>
        <Table aria-label="Device log tail" striped>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.seq}>
                <LogLineCells line={l} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {lines.length === 0 ? <Text c="dimmed">No lines yet.</Text> : null}
      </ScrollArea>
    </Stack>
  );
}
