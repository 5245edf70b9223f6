import { requireRole, withTransaction, type Ctx } from '../../context';
import { conflict, notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import { recordAudit } from '../audit';
import { attachActionsToStep } from '../catalogue';
import { recordingActionsOf, type HealingSuggestion } from './steps/healing';
import * as repo from './runs.repository';
import type { AcceptedSuggestion } from './suggestions.schemas';

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
      const { testCase: c, actionIndices: indices } = await attachActionsToStep(tx.db, tx.clock, {
        caseId: run.testCaseId,
        stepIndex: suggestion.step_index,
        stepText: suggestion.step_text,
        screen: suggestion.screen,
        actionsFor: (source, startMs) => recordingActionsOf(suggestion, source, startMs),
      });
      const now = tx.clock.now();
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
