import type { RouteModule } from '../../http/types';
import { TESTS_TAG } from '../catalogue';
import { RunLogs, RunLogsQuery } from './run-artifacts.schemas';
import { RunIdParams } from './runs.schemas';

/** A run's artifacts besides its result and screenshots: its device log. */
export const runArtifactsRoutes: RouteModule = async (app, { services }) => {
  const { artifacts } = services.engine;
  app.get('/tests/runs/:run_id/logs', {
    schema: {
      tags: TESTS_TAG,
      summary: "The run's slice of the device log, each line with the step during which it was written",
      params: RunIdParams,
      querystring: RunLogsQuery,
      response: { 200: RunLogs },
    },
    handler: (req) => artifacts.getRunLogs({ ctx: req.ctx, input: { ...req.query, runId: req.params.run_id } }),
  });
};
