import { z } from 'zod';
import type { App } from '../../http/types';
import { BaselineFileParams, BaselineHistoryEntry, BaselineResponse } from './baselines.schemas';
import type { BaselinesService } from './baselines.service';
import { StatusResponse, TESTS_TAG as tags } from './catalogue.schemas';
import { CaseIdParams } from './cases.schemas';

export function registerBaselineRoutes(app: App, svc: BaselinesService): void {
  app.get('/tests/cases/:case_id/baselines', {
    schema: {
      tags,
      summary: 'Baseline image records of a case',
      params: CaseIdParams,
      response: { 200: z.array(BaselineResponse) },
    },
    handler: (req) => svc.listBaselines({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
  app.get('/tests/cases/:case_id/baselines/history', {
    schema: {
      tags,
      summary: "History of the case's baselines, newest first: written by a passed run, approved from a run, deleted",
      params: CaseIdParams,
      response: { 200: z.array(BaselineHistoryEntry) },
    },
    handler: (req) => svc.baselineHistory({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
  app.delete('/tests/cases/:case_id/baselines/:file', {
    schema: {
      tags,
      summary: "Delete one step's baseline (step_<index>); the next passed run writes a new one",
      params: BaselineFileParams.extend({
        file: z.string().regex(/^step_\d{1,6}$/, 'must be step_<index>'),
      }),
      response: { 200: StatusResponse },
    },
    handler: (req) =>
      svc.deleteBaseline({
        ctx: req.ctx,
        input: { caseId: req.params.case_id, stepIndex: Number(req.params.file.slice('step_'.length)) },
      }),
  });
  app.get('/tests/cases/:case_id/baselines/:file', {
    schema: { tags, summary: 'Baseline JPEG of one step (step_<index>.jpg)', params: BaselineFileParams },
    handler: async (req, reply) => {
      const stepIndex = Number(/^step_(\d+)\.jpg$/.exec(req.params.file)![1]);
      const bytes = await svc.getBaselineImage({ ctx: req.ctx, input: { caseId: req.params.case_id, stepIndex } });
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-cache').send(bytes);
    },
  });
}
