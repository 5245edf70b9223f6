import type { RouteModule } from '../http/types';
import { appsRoutes } from './apps/apps.routes';
import { authRoutes } from './auth/auth.routes';

/** Every feature's routes, registered under /api/v1 in this order. */
export const routeModules: RouteModule[] = [authRoutes, appsRoutes];
