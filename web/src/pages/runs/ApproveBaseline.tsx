import { Button } from '@mantine/core';
import { IconPhotoCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { notify } from '../../components/feedback';

/**
 * "Approve as baseline": the run's screenshot of one step (or of every step) replaces the case's
 * baseline, so the next runs compare with this screen. Developers only, on a finished run.
 */
export function ApproveBaselineButton({
  runId,
  caseId,
  stepIndex,
}: {
  runId: string;
  caseId: string;
  /** One step (0-based); all steps with a screenshot when omitted. */
  stepIndex?: number;
}) {
  const canApprove = useHasRole('developer');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!canApprove) return null;
  const approve = async () => {
    setBusy(true);
    try {
      const done = await ok(
        api.POST('/api/v1/tests/runs/{run_id}/baselines/approve', {
          params: { path: { run_id: runId } },
          body: stepIndex === undefined ? {} : { step_indexes: [stepIndex] },
        }),
      );
      for (const i of done.step_indexes)
        await queryClient.invalidateQueries({
          queryKey: ['blob', `/api/v1/tests/cases/${encodeURIComponent(caseId)}/baselines/step_${i}.jpg`],
        });
      await queryClient.invalidateQueries({ queryKey: ['baselines', caseId] });
      await queryClient.invalidateQueries({ queryKey: ['baseline-history', caseId] });
      notify.ok(
        stepIndex === undefined
          ? `The run's screenshots are the baselines of steps ${done.step_indexes.map((i) => i + 1).join(', ')}`
          : `This screenshot is the baseline of step ${stepIndex + 1}`,
      );
    } catch (err) {
      notify.error(err, 'Could not approve the baseline');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPhotoCheck size={16} />}
      loading={busy}
      onClick={approve}
      data-testid={stepIndex === undefined ? 'approve-run-baselines' : `approve-step-${stepIndex}`}
    >
      {stepIndex === undefined ? 'Approve run as baseline' : 'Approve as baseline'}
    </Button>
  );
}
