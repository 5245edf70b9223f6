import { Button, Group, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api, fetchBlob, ok } from '../../api/client';
import type { RunVideo, StepResult } from '../../api/types';
import { ErrorAlert, Loading } from '../../components/feedback';
import { LogLineCells } from '../../components/LogLineCells';

const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
type Level = (typeof LEVELS)[number];

/** The step the video shows at `ms`: the last chapter that began by then. */
function stepAt(chapters: RunVideo['chapters'], ms: number): number | null {
  let current: number | null = null;
  for (const c of chapters) if (c.at_ms <= ms) current = c.step_index;
  return current;
}

/**
 * A finished run's video with its steps as chapters (a click seeks there) and its device log, with
 * a level filter and search; the lines of the step the video is at are marked as it plays.
 */
export function RunArtifacts({ runId, video, steps }: { runId: string; video: RunVideo | null; steps: StepResult[] }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [step, setStep] = useState<number | null>(null);
  const [level, setLevel] = useState<Level>('debug');
  const [q, setQ] = useState('');
  const blob = useQuery({
    queryKey: ['blob', video?.url],
    queryFn: () => fetchBlob(video!.url),
    enabled: !!video,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const src = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  const logs = useQuery({
    queryKey: ['run-logs', runId, level, q],
    queryFn: () =>
      ok(
        api.GET('/api/v1/tests/runs/{run_id}/logs', {
          params: { path: { run_id: runId }, query: { level, q: q || undefined } },
        }),
      ),
  });
  const seek = (stepIndex: number) => {
    const chapter = video?.chapters.find((c) => c.step_index === stepIndex);
    if (!chapter || !ref.current) return;
    ref.current.currentTime = chapter.at_ms / 1000;
    setStep(stepIndex);
  };
  const textOf = (i: number) => steps.find((s) => s.index === i)?.text ?? '';

  return (
    <Stack>
      {video ? (
        <Paper withBorder p="sm">
          <Group align="flex-start" wrap="nowrap">
            {src ? (
              // biome-ignore lint/a11y/useMediaCaption: a device screen recording has no speech to caption
              <video
                ref={ref}
                src={src}
                controls
                data-testid="run-video"
                style={{ maxHeight: 480, maxWidth: 320, background: '#000' }}
                onTimeUpdate={(e) => setStep(stepAt(video.chapters, e.currentTarget.currentTime * 1000))}
              />
            ) : blob.isError ? (
              <ErrorAlert error={blob.error} title="Could not load the video" />
            ) : (
              <Loading />
            )}
            <Stack gap={4} aria-label="Chapters">
              <Text size="sm" fw={600}>
                Steps
              </Text>
              {video.chapters.map((c) => (
                <Button
                  key={c.step_index}
                  size="compact-sm"
                  variant={step === c.step_index ? 'filled' : 'subtle'}
                  justify="flex-start"
                  data-chapter={c.step_index}
                  onClick={() => seek(c.step_index)}
                >
                  {c.step_index + 1}. {textOf(c.step_index)} ({(c.at_ms / 1000).toFixed(1)} s)
                </Button>
              ))}
            </Stack>
          </Group>
        </Paper>
      ) : (
        <Text c="dimmed">This run has no video (its suite does not keep one, or its device host cannot record).</Text>
      )}
      <Group>
        <SegmentedControl
          aria-label="Log level"
          value={level}
          onChange={(v) => setLevel(v as Level)}
          data={LEVELS.map((l) => ({ value: l, label: l === 'debug' ? 'all' : `${l}+` }))}
        />
        <TextInput
          aria-label="Search the log"
          placeholder="Search the log"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </Group>
      {logs.isError ? <ErrorAlert error={logs.error} title="Could not load the log" /> : null}
      <ScrollArea h={360}>
        <Table aria-label="Device log" striped>
          <Table.Tbody>
            {(logs.data?.lines ?? []).map((l) => (
              <Table.Tr
                key={l.seq}
                data-step={l.step_index ?? ''}
                data-current={l.step_index !== null && l.step_index === step ? 'true' : undefined}
                style={
                  l.step_index !== null && l.step_index === step
                    ? { outline: '2px solid var(--mantine-color-blue-4)' }
                    : undefined
                }
              >
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {l.step_index === null ? '–' : `step ${l.step_index + 1}`}
                  </Text>
                </Table.Td>
                <LogLineCells line={l} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {logs.data && logs.data.lines.length === 0 ? <Text c="dimmed">No lines.</Text> : null}
      </ScrollArea>
    </Stack>
  );
}
