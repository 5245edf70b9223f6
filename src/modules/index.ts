import type { RouteModule } from '../http/types';
import { appsRoutes } from './apps/apps.routes';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { orgsRoutes } from './orgs/orgs.routes';
import { testsRoutes } from './tests/tests.routes';

/** Every feature's routes, registered under /api/v1 in this order. */
export const routeModules: RouteModule[] = [authRoutes, orgsRoutes, apiTokensRoutes, auditRoutes, appsRoutes, testsRoutes];
