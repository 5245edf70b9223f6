import { requireRole, withTransaction, type Ctx } from '../../context';
import { conflict, notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import { recordAudit } from '../audit/audit.recorder';
import { lockCase, updateCase } from '../catalogue/cases.repository';
import { validateCaseContent, type RecordingAction } from '../catalogue/recording';
import { normalizeSteps } from './steps/case-steps';
import { recordingActionsOf, type HealingSuggestion } from './steps/healing';
import * as repo from './runs.repository';
import type { AcceptedSuggestion } from './suggestions.schemas';

/** Recorded actions that follow the recording's last one by this much. */
const GAP_AFTER_RECORDING_MS = 1000;

/** Hybrid healing, the reviewing side: a run's suggestion written into its case. */
export class SuggestionsService {
  /**
   * Accepts suggestion `index` of a finished run: its actions are appended to the case's
   * recording (points scaled to the recording device) and become the step's `action_indices`,
   * so the next hybrid or replay run plays them instead of asking the model. 409 when the run
   * is still going, the suggestion was accepted already, or the step's text changed since.
   */
  async acceptSuggestion({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: string; index: number };
  }): Promise<AcceptedSuggestion> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findRunByPublicId(tx.db, org.id, input.runId, { forUpdate: true });
      if (!found) throw notFound('Test run');
      const run = found.run;
      const result = (run.result ?? {}) as { suggestions?: HealingSuggestion[] };
      const suggestion = result.suggestions?.[input.index];
      if (!suggestion) throw notFound('Suggestion');
      if (run.status === 'pending' || run.status === 'running')
        throw conflict('The run is still going; accept its suggestions once it has ended');
      if (suggestion.status === 'accepted') throw conflict('The suggestion was accepted already');
      const c = await lockCase(tx.db, run.testCaseId);
      if (!c) throw notFound('Test case');
      const steps = [...c.steps];
      const step = steps[suggestion.step_index];
      if (step === undefined || normalizeSteps([step])[0]!.text !== suggestion.step_text) {
        throw conflict(
          `Step ${suggestion.step_index + 1} of the case changed since the run; run the case again for a fresh suggestion`,
        );
      }
      const recording = (c.sourceRecording ?? []) as RecordingAction[];
      const source =
        c.sourceDeviceWidth && c.sourceDeviceHeight
          ? { width: c.sourceDeviceWidth, height: c.sourceDeviceHeight }
          : suggestion.screen;
      const startMs = recording.length ? Math.max(...recording.map((a) => a.t_ms)) + GAP_AFTER_RECORDING_MS : 0;
      const added = recordingActionsOf(suggestion, source, startMs);
      const indices = added.map((_, i) => recording.length + i);
      steps[suggestion.step_index] =
        typeof step === 'string'
          ? { text: step, action_indices: indices }
          : { ...(step as Record<string, unknown>), action_indices: indices };
      const content = validateCaseContent({
        steps,
        assertions: c.assertions,
        sourceRecording: [...recording, ...added],
      });
      const now = tx.clock.now();
      await updateCase(tx.db, c.id, {
        steps: content.steps,
        sourceRecording: content.sourceRecording,
        ...(c.sourceDeviceWidth && c.sourceDeviceHeight
          ? {}
          : { sourceDeviceWidth: source.width, sourceDeviceHeight: source.height }),
        updatedAt: now,
      });
      const suggestions = result.suggestions!.map((s, i) =>
        i === input.index ? { ...s, status: 'accepted' as const, accepted_at: apiTime(now) } : s,
      );
      await repo.updateRun(tx.db, run.id, { result: { ...result, suggestions } });
      await recordAudit(tx, {
        action: 'test_case.updated',
        resourceType: 'test_case',
        resourceId: c.publicId,
        details: {
          fields: ['steps', 'source_recording'],
          healed_from_run: run.publicId,
          suggestion: input.index,
          step_index: suggestion.step_index,
        },
      });
      return {
        status: 'accepted',
        test_case_id: c.publicId,
        step_index: suggestion.step_index,
        action_indices: indices,
      };
    });
  }
}
