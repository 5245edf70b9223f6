import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import {
  CancellationRequested,
  CiRunParams,
  CiRunPayload,
  CiSuite,
  ListCiSuitesQuery,
  MultiSuiteRun,
  MultiSuiteRunParams,
  RunStarted,
  RunSuiteBody,
  RunSuitesBody,
  RunSuitesStarted,
  RunTestBody,
} from './ci.schemas';

const tags = ['ci'];

/** CI endpoints (developer or above): start, poll and cancel runs; run suites by tag. */
export const ciRoutes: RouteModule = (app, { services }) => {
  const ci = services.ci.api;

  app.post('/ci/run-suite', {
    schema: {
      tags,
      summary: 'Run a suite on a device allocated for it; poll GET /ci/runs/{run_id}',
      body: RunSuiteBody,
      response: { 200: RunStarted },
    },
    handler: (req) => ci.runSuite({ ctx: req.ctx, input: req.body }),
  });

  app.post('/ci/run-test', {
    schema: {
      tags,
      summary: 'Run a test case on a device allocated for it; poll GET /ci/runs/{run_id}',
      body: RunTestBody,
      response: { 200: RunStarted },
    },
    handler: (req) => ci.runTest({ ctx: req.ctx, input: req.body }),
  });

  app.get('/ci/runs/:run_id', {
    schema: {
      tags,
      summary: 'A CI run: status, progress while running, results once ended, queue position while queued',
      params: CiRunParams,
      response: { 200: CiRunPayload },
    },
    handler: (req) => ci.getRun({ ctx: req.ctx, input: { runId: req.params.run_id } }),
  });

  app.get('/ci/runs/:run_id/report.html', {
    schema: {
      tags,
      summary: "A suite CI run's HTML report (additive): one self-contained file, a section per device matrix target",
      params: CiRunParams,
    },
    handler: async (req, reply) => {
      const html = await ci.report({ ctx: req.ctx, input: { runId: req.params.run_id } });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
        .send(html);
    },
  });

  app.post('/ci/runs/:run_id/cancel', {
    schema: {
      tags,
      summary: 'Cancel a CI run (additive); its session is ended all the same',
      params: CiRunParams,
      response: { 200: CancellationRequested },
    },
    handler: (req) => ci.cancelRun({ ctx: req.ctx, input: { runId: req.params.run_id } }),
  });

  app.get('/ci/list-suites', {
    schema: {
      tags,
      summary: 'Suites, filtered by tags',
      querystring: ListCiSuitesQuery,
      response: { 200: z.array(CiSuite) },
    },
    handler: (req) => ci.listSuites({ ctx: req.ctx, input: req.query }),
  });

  app.post('/ci/run-suites', {
    schema: {
      tags,
      summary: 'Run every suite matching the tags, one after another',
      body: RunSuitesBody,
      response: { 200: RunSuitesStarted },
    },
    handler: (req) => ci.runSuites({ ctx: req.ctx, input: req.body }),
  });

  app.get('/ci/multi-suite-runs/:public_id', {
    schema: {
      tags,
      summary: 'A multi-suite run and its suite runs',
      params: MultiSuiteRunParams,
      response: { 200: MultiSuiteRun },
    },
    handler: (req) => ci.getMultiSuiteRun({ ctx: req.ctx, input: { id: req.params.public_id } }),
  });
};
