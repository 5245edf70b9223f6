import { z } from 'zod';
import { AppError } from '../../errors';
import { RATE_LIMITS } from '../../http/rate-limits';
import type { RouteModule } from '../../http/types';
import { TESTS_TAG } from '../catalogue';
import {
  CancellationResponse,
  StartSuiteRunBody,
  StartSuiteRunResponse,
  StartTestRunBody,
  StartTestRunResponse,
  SuiteRunNumericParams,
} from './execution.schemas';
import { INTERRUPTED_BY_SHUTDOWN } from './execution/run-signals';
import { RunIdParams } from './runs.schemas';

const tags = ['ai'];
const ScreenshotParams = RunIdParams.extend({
  file: z.string().regex(/^[A-Za-z0-9_]{1,120}\.jpg$/, 'must be step_<index>.jpg or step_<index>_diff.jpg'),
});

/** Executed runs: start a test or suite run on a session, cancel a suite run, read a run's screenshots. */
export const executionRoutes: RouteModule = (app, { services }) => {
  const { execution, signals } = services.engine;

  // A control plane that stops ends its runs as interrupted before it closes the workers'
  // sockets, rather than letting a device call in flight fail them as a lost device.
  app.addHook('preClose', async () => signals.stopAllHere(INTERRUPTED_BY_SHUTDOWN));

  app.post('/ai/test/run', {
    config: { rateLimit: RATE_LIMITS.heavy },
    schema: {
      tags,
      summary: 'Run a test case on an active session',
      body: StartTestRunBody,
      response: { 200: StartTestRunResponse },
    },
    handler: (req) => execution.startTestRun({ ctx: req.ctx, input: req.body }),
  });

  app.post('/ai/suite/run', {
    schema: {
      tags,
      summary: "Run a suite's cases one after another on an active session",
      body: StartSuiteRunBody,
      response: { 200: StartSuiteRunResponse },
    },
    handler: (req) => execution.startSuiteRun({ ctx: req.ctx, input: req.body }),
  });

  app.post('/ai/suite/run/:suite_run_id/cancel', {
    schema: {
      tags,
      summary: 'Cancel a suite run (numeric id)',
      params: SuiteRunNumericParams,
      response: { 200: CancellationResponse },
    },
    handler: (req) => execution.cancelSuiteRun({ ctx: req.ctx, input: { suiteRunId: req.params.suite_run_id } }),
  });

  app.get('/tests/runs/:run_id/screenshots/:file', {
    schema: {
      tags: TESTS_TAG,
      summary: "A step's settled screenshot (step_<i>.jpg) or its visual diff (step_<i>_diff.jpg)",
      params: ScreenshotParams,
    },
    handler: async (req, reply) => {
      const image = await services.runs.getRunScreenshot({
        ctx: req.ctx,
        input: { runId: req.params.run_id, file: req.params.file },
      });
      if (!image) throw new AppError('NOT_FOUND', 'Screenshot not found');
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=86400').send(image);
    },
  });
};
