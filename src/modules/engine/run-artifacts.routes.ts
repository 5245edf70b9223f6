import { sendStoredFile } from '../../http/byte-range';
import type { RouteModule } from '../../http/types';
import { TESTS_TAG } from '../catalogue';
import { RunLogs, RunLogsQuery } from './run-artifacts.schemas';
import { RunIdParams } from './runs.schemas';

/** A run's artifacts besides its result and screenshots: its device log and its video. */
export const runArtifactsRoutes: RouteModule = async (app, { services, storage }) => {
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

  app.get('/tests/runs/:run_id/video', {
    schema: {
      tags: TESTS_TAG,
      summary: "The run's screen recording (video/mp4, H.264, a chapter per step; HTTP Range supported)",
      description:
        '404 while the run has no video: it has not ended, its suite does not keep one, or its device host has no encoder.',
      params: RunIdParams,
    },
    handler: async (req, reply) => {
      const video = await artifacts.getRunVideo({ ctx: req.ctx, input: { runId: req.params.run_id } });
      return sendStoredFile(req, reply, storage, {
        ...video,
        contentType: 'video/mp4',
        name: `${req.params.run_id}.mp4`,
      });
    },
  });
};
