import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { OrgParams } from '../../http/schemas';
import {
  ApiTokenEntry,
  ApiTokenParams,
  CreateApiTokenBody,
  CreatedApiToken,
  StatusDeleted,
} from './api-tokens.schemas';

export const apiTokensRoutes: RouteModule = (app, { services }) => {
  const tags = ['api tokens'];
  app.get('/organizations/:org_id/api-tokens', {
    schema: {
      tags,
      summary: 'List API tokens (developer)',
      params: OrgParams,
      response: { 200: z.array(ApiTokenEntry) },
    },
    handler: (req) => services.apiTokens.listApiTokens({ ctx: req.ctx, input: { orgId: req.params.org_id } }),
  });

  app.post('/organizations/:org_id/api-tokens', {
    schema: {
      tags,
      summary: 'Create an API token; the token is shown only in this response (admin)',
      params: OrgParams,
      body: CreateApiTokenBody,
      response: { 200: CreatedApiToken },
    },
    handler: (req) =>
      services.apiTokens.createApiToken({ ctx: req.ctx, input: { orgId: req.params.org_id, body: req.body } }),
  });

  app.delete('/organizations/:org_id/api-tokens/:token_id', {
    schema: { tags, summary: 'Revoke an API token (admin)', params: ApiTokenParams, response: { 200: StatusDeleted } },
    handler: (req) =>
      services.apiTokens.deleteApiToken({
        ctx: req.ctx,
        input: { orgId: req.params.org_id, tokenId: req.params.token_id },
      }),
  });
};
