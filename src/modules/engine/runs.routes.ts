import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { ApprovedBaselines, ApproveBaselinesBody, StatusResponse, TESTS_TAG as tags, CaseIdParams } from '../catalogue';
import { RunIdParams, RunResponse, SuiteRunIdParams, SuiteRunResponse, UpdateRunQuery } from './runs.schemas';

export const runsRoutes: RouteModule = (app, { services }) => {
  const svc = services.runs;
  app.post('/tests/cases/:case_id/run', {
    schema: {
      tags,
      summary: 'Record a pending run (nothing is executed)',
      params: CaseIdParams,
      response: { 200: RunResponse },
    },
    handler: (req) => svc.createRun({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
  app.get('/tests/cases/:case_id/runs', {
    schema: {
      tags,
      summary: 'Runs of a case, most recent first',
      params: CaseIdParams,
      response: { 200: z.array(RunResponse) },
    },
    handler: (req) => svc.listCaseRuns({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
  app.patch('/tests/runs/:run_id', {
    schema: {
      tags,
      summary: 'Set a run status and result',
      params: RunIdParams,
      querystring: UpdateRunQuery,
      response: { 200: RunResponse },
    },
    handler: (req) => svc.updateRun({ ctx: req.ctx, input: { runId: req.params.run_id, query: req.query } }),
  });
  app.get('/tests/runs/:run_id', {
    schema: { tags, summary: 'Get a test run', params: RunIdParams, response: { 200: RunResponse } },
    handler: (req) => svc.getRun({ ctx: req.ctx, input: { runId: req.params.run_id } }),
  });
  app.post('/tests/runs/:run_id/cancel', {
    schema: { tags, summary: 'Cancel an active run', params: RunIdParams, response: { 200: StatusResponse } },
    handler: (req) => svc.cancelRun({ ctx: req.ctx, input: { runId: req.params.run_id } }),
  });
  app.post('/tests/runs/:run_id/baselines/approve', {
    schema: {
      tags,
      summary: "Make the run's step screenshots the case's baselines (developer): the given step_indexes, or all",
      params: RunIdParams,
      body: ApproveBaselinesBody.nullish(),
      response: { 200: ApprovedBaselines },
    },
    handler: (req) =>
      svc.approveBaselines({
        ctx: req.ctx,
        input: { runId: req.params.run_id, stepIndexes: req.body?.step_indexes },
      }),
  });
  app.get('/tests/suite-runs/:suite_run_id', {
    schema: {
      tags,
      summary: 'Get a suite run with its test runs',
      params: SuiteRunIdParams,
      response: { 200: SuiteRunResponse },
    },
    handler: (req) => svc.getSuiteRun({ ctx: req.ctx, input: { suiteRunId: req.params.suite_run_id } }),
  });
  app.get('/tests/suite-runs/:suite_run_id/report.html', {
    schema: {
      tags,
      summary:
        'The suite run as one self-contained HTML file (inline styles, images as data URIs, no scripts): summary, shards, every case with its steps, screenshots and visual diffs',
      params: SuiteRunIdParams,
    },
    handler: async (req, reply) => {
      const html = await svc.suiteRunReport({ ctx: req.ctx, input: { suiteRunId: req.params.suite_run_id } });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `inline; filename="${req.params.suite_run_id.replace(/[^\w-]/g, '')}.html"`)
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
        .send(html);
    },
  });
};
