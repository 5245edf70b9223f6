import type { RouteModule } from '../http/types';
import { authRoutes } from './auth/auth.routes';
import { devicesRoutes } from './devices/devices.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { sessionsRoutes } from './sessions/sessions.routes';
import { workersRoutes } from './workers/workers.routes';

/** Every feature's routes, registered under /api/v1 in this order. */
export const routeModules: RouteModule[] = [authRoutes, sessionsRoutes, devicesRoutes, workersRoutes, realtimeRoutes];
