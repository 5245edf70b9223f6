import type { RouteModule } from '../../http/types';
import { CaseIdParams, TESTS_TAG as tags } from '../catalogue';
import { CheckStepsResponse } from './check-steps.schemas';

export const checkStepsRoutes: RouteModule = (app, { services }) => {
  app.post('/tests/cases/:case_id/check-steps', {
    schema: {
      tags,
      summary: "Read a case's steps and assertions with the free interpreter, without a device (any member)",
      params: CaseIdParams,
      response: { 200: CheckStepsResponse },
    },
    handler: (req) => services.engine.checkSteps.checkSteps({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
};
