import type { RouteModule } from '../../http/types';
import { RATE_LIMITS } from '../../http/rate-limits';
import { AccountResponse, LoginBody, RegisterBody } from './auth.schemas';

export const authRoutes: RouteModule = (app, { services }) => {
  app.post('/auth/register', {
    config: { public: true, rateLimit: RATE_LIMITS.auth },
    schema: { tags: ['auth'], summary: 'Create an account', security: [], body: RegisterBody, response: { 200: AccountResponse } },
    handler: (req) => services.auth.register({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/login', {
    config: { public: true, rateLimit: RATE_LIMITS.auth },
    schema: { tags: ['auth'], summary: 'Log in', security: [], body: LoginBody, response: { 200: AccountResponse } },
    handler: (req) => services.auth.login({ ctx: req.ctx, input: req.body }),
  });
};
