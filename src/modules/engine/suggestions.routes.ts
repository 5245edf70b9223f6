import type { RouteModule } from '../../http/types';
import { TESTS_TAG as tags } from '../catalogue';
import { AcceptedSuggestion, SuggestionParams } from './suggestions.schemas';

export const suggestionsRoutes: RouteModule = (app, { services }) => {
  app.post('/tests/runs/:run_id/suggestions/:index/accept', {
    schema: {
      tags,
      summary: "Write a step the model settled into the case's recording, so the next run replays it (developer)",
      params: SuggestionParams,
      response: { 200: AcceptedSuggestion },
    },
    handler: (req) =>
      services.engine.suggestions.acceptSuggestion({
        ctx: req.ctx,
        input: { runId: req.params.run_id, index: req.params.index },
      }),
  });
};
