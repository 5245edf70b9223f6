import type { RouteModule } from '../http/types';
import { authRoutes } from './auth/auth.routes';
import { testsRoutes } from './tests/tests.routes';

/** Every feature's routes, registered under /api/v1 in this order. */
export const routeModules: RouteModule[] = [authRoutes, testsRoutes];
