import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import type { HealingSuggestion, Run } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { notify } from '../../components/feedback';

/** One action of a suggestion, in words. */
function describe(a: HealingSuggestion['actions'][number]): string {
  if (a.type === 'type_text') return `type “${a.text ?? ''}”`;
  if (a.type === 'key' || a.type === 'button') return `press ${a.key ?? a.button ?? ''}`;
  if (a.x !== undefined && a.y !== undefined)
    return `${a.type.replaceAll('_', ' ')} at ${Math.round(a.x)}, ${Math.round(a.y)}`;
  return a.type.replaceAll('_', ' ');
}

/**
 * Hybrid healing: steps the model settled because replay could not, offered back as recorded
 * actions. Accepting one writes them into the case's recording, so the next run replays the step
 * instead of asking the model (developers, once the run has ended).
 */
export function Suggestions({ run, suggestions }: { run: Run; suggestions: HealingSuggestion[] }) {
  const canAccept = useHasRole('developer');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const ended = run.status !== 'pending' && run.status !== 'running';
  const accept = async (s: HealingSuggestion) => {
    setBusy(s.index);
    try {
      const r = await ok(
        api.POST('/api/v1/tests/runs/{run_id}/suggestions/{index}/accept', {
          params: { path: { run_id: run.public_id, index: s.index } },
        }),
      );
      notify.ok(
        `Step ${r.step_index + 1} now replays ${r.action_indices.length} recorded action${r.action_indices.length === 1 ? '' : 's'}.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['run', run.public_id] });
      await queryClient.invalidateQueries({ queryKey: ['case', run.test_case_public_id] });
    } catch (err) {
      notify.error(err, 'Could not accept the suggestion');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs" aria-label="Healing suggestions" component="section">
      <Title order={3}>Suggested fixes</Title>
      <Text size="sm" c="dimmed">
        Replay could not finish these steps, so the model did. Accept a fix to record what it did into the case; the
        next run replays it for free.
      </Text>
      {suggestions.map((s) => (
        <Paper key={s.index} withBorder p="sm" data-suggestion-status={s.status}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={500}>
                Step {s.step_index + 1}. {s.step_text}
              </Text>
              <Text size="sm" c="dimmed">
                {s.actions.map(describe).join(' → ')}
              </Text>
            </Stack>
            {s.status === 'accepted' ? (
              <Badge color="green" variant="light">
                accepted
              </Badge>
            ) : canAccept && ended ? (
              <Button
                size="xs"
                loading={busy === s.index}
                onClick={() => void accept(s)}
                aria-label={`Accept the fix for step ${s.step_index + 1}`}
              >
                Accept
              </Button>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
