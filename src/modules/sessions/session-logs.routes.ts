import type { RouteModule } from '../../http/types';
import { SessionIdParams } from './sessions.schemas';
import { LogsPage, LogsQuery } from './session-logs.schemas';

export const sessionLogsRoutes: RouteModule = async (app, container) => {
  const { sessionLogs } = container.services;
  app.get('/sessions/:session_id/logs', {
    schema: {
      tags: ['sessions'],
      summary: "The session's device log",
      description:
        "Lines of the device log in the order the device wrote them: app launches and terminations, screens and alerts (virtual devices), the app's own lines and the system's errors. `since` pages by cursor; live lines also arrive on `/ws` as `session.log`.",
      params: SessionIdParams,
      querystring: LogsQuery,
      response: { 200: LogsPage },
    },
    handler: (req) => sessionLogs.listLogs({ ctx: req.ctx, input: { ...req.query, sessionId: req.params.session_id } }),
  });
};
