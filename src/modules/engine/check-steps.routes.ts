import type { RouteModule } from '../../http/types';
import { CaseIdParams, TESTS_TAG as tags } from '../catalogue';
import { CheckCaseStepsBody, CheckDraftStepsBody, CheckStepsResponse } from './check-steps.schemas';

export const checkStepsRoutes: RouteModule = (app, { services }) => {
  app.post('/tests/cases/:case_id/check-steps', {
    schema: {
      tags,
      summary: "Read a case's steps and assertions with the free interpreter, without a device (any member)",
      description:
        "Each line is read against the screen the case's most recent run that kept screens recorded for it, while its text is the text that ran (else by its text alone). With a body, the unsaved `steps` and/or `assertions` given are read instead of the saved ones, by index (an editor checking as the author types).",
      params: CaseIdParams,
      body: CheckCaseStepsBody,
      response: { 200: CheckStepsResponse },
    },
    handler: (req) =>
      services.engine.checkSteps.checkSteps({
        ctx: req.ctx,
        input: { caseId: req.params.case_id, draft: req.body },
      }),
  });

  app.post('/tests/check-steps', {
    schema: {
      tags,
      summary: 'Read steps and assertions of a case not created yet with the free interpreter (any member)',
      body: CheckDraftStepsBody,
      response: { 200: CheckStepsResponse },
    },
    handler: (req) => services.engine.checkSteps.checkDraft({ ctx: req.ctx, input: req.body }),
  });
};
