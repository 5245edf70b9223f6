import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import {
  AI_TAG as tags,
  AddKeyBody,
  AiConfigResponse,
  GeneratedTest,
  GenerateTestBody,
  KeyDeleted,
  KeyParams,
  KeyResponse,
  ModelResponse,
  UpdateAiConfigBody,
  UsageResponse,
} from './ai.schemas';

export const aiRoutes: RouteModule = (app, { services }) => {
  const ai = services.ai;
  app.get('/ai/config', {
    schema: { tags, summary: "The organization's default provider and model", response: { 200: AiConfigResponse } },
    handler: (req) => ai.config.getConfig({ ctx: req.ctx }),
  });
  app.put('/ai/config', {
    schema: {
      tags,
      summary: 'Set the default provider and model (developer); own-key models end in :byok',
      body: UpdateAiConfigBody,
      response: { 200: AiConfigResponse },
    },
    handler: (req) => ai.config.updateConfig({ ctx: req.ctx, input: req.body }),
  });
  app.get('/ai/models', {
    schema: {
      tags,
      summary: "Built-in models and those reachable with the organization's own keys",
      response: { 200: z.array(ModelResponse) },
    },
    handler: (req) => ai.config.listModels({ ctx: req.ctx }),
  });
  for (const path of ['/ai/models/openrouter', '/ai/models/aggregator']) {
    app.get(path, {
      schema: {
        tags,
        summary: "The aggregator's vision models: live with an aggregator key (cached 10 min), else a recommended set",
        response: { 200: z.array(ModelResponse) },
      },
      handler: (req) => ai.config.listAggregatorModels({ ctx: req.ctx }),
    });
  }
  app.post('/ai/keys', {
    schema: {
      tags,
      summary:
        "Add a provider key (developer); it replaces the organization's key for that provider and is never shown again",
      body: AddKeyBody,
      response: { 200: KeyResponse },
    },
    handler: (req) => ai.keys.addKey({ ctx: req.ctx, input: req.body }),
  });
  app.get('/ai/keys', {
    schema: { tags, summary: "The organization's provider keys (hints only)", response: { 200: z.array(KeyResponse) } },
    handler: (req) => ai.keys.listKeys({ ctx: req.ctx }),
  });
  app.delete('/ai/keys/:key_id', {
    schema: { tags, summary: 'Delete a provider key (developer)', params: KeyParams, response: { 200: KeyDeleted } },
    handler: (req) => ai.keys.deleteKey({ ctx: req.ctx, input: { keyId: req.params.key_id } }),
  });
  app.get('/ai/usage', {
    schema: {
      tags,
      summary: 'Model usage: total, own keys (estimates), platform (billed), per model',
      response: { 200: UsageResponse },
    },
    handler: (req) => ai.usage.getUsage({ ctx: req.ctx }),
  });
  app.post('/ai/generate-test', {
    schema: {
      tags,
      summary: 'Natural-language steps and assertions from a recording',
      body: GenerateTestBody,
      response: { 200: GeneratedTest },
    },
    handler: (req) => ai.generateTest.generateTest({ ctx: req.ctx, input: req.body }),
  });
};
