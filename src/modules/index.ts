import type { RouteModule } from '../http/types';
import { aiRoutes } from './ai/ai.routes';
import { deviceToolsRoutes } from './ai/device-tools.routes';
import { appsRoutes } from './apps/apps.routes';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { creditsRoutes } from './credits/credits.routes';
import { ciRoutes } from './ci/ci.routes';
import { devicesRoutes } from './devices/devices.routes';
import { executionRoutes } from './engine/execution.routes';
import { runsRoutes } from './engine/runs.routes';
import { runArtifactsRoutes } from './engine/run-artifacts.routes';
import { suggestionsRoutes } from './engine/suggestions.routes';
import { checkStepsRoutes } from './engine/check-steps.routes';
import { githubRoutes } from './integrations/github.routes';
import { orgsRoutes } from './orgs/orgs.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { sessionsRoutes } from './sessions/sessions.routes';
import { sessionLogsRoutes } from './sessions/session-logs.routes';
import { sessionRecordingsRoutes } from './sessions/session-recordings.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { workersRoutes } from './workers/workers.routes';

/** Every feature's routes, registered under /api/v1 in this order. */
export const routeModules: RouteModule[] = [
  authRoutes,
  orgsRoutes,
  apiTokensRoutes,
  auditRoutes,
  appsRoutes,
  sessionsRoutes,
  sessionLogsRoutes,
  sessionRecordingsRoutes,
  deviceToolsRoutes,
  devicesRoutes,
  workersRoutes,
  realtimeRoutes,
  catalogueRoutes,
  runsRoutes,
  runArtifactsRoutes,
  suggestionsRoutes,
  checkStepsRoutes,
  executionRoutes,
  aiRoutes,
  creditsRoutes,
  ciRoutes,
  webhooksRoutes,
  githubRoutes,
];
