import type { App, RouteModule } from '../../http/types';
import { RATE_LIMITS, uploadRateLimits } from '../../http/rate-limits';
import { acceptMultipartBodies, multipartUploadSource } from '../../uploads/upload-receiver';
import { CAPABILITY_LIMITS } from '../../worker/device-capabilities';
import {
  AppearanceBody,
  ClipboardBody,
  ClipboardResult,
  LocationBody,
  MediaResult,
  NetworkBody,
  OpenUrlBody,
  PermissionBody,
  PushBody,
} from './device-capabilities.schemas';
import { SessionIdParams, StatusOk } from './sessions.schemas';

/** `/sessions/{id}/open-url`, `location`, `permissions`, `clipboard`, `media`, `appearance`, `push`, `network`. */
export const deviceCapabilityRoutes: RouteModule = async (app, container) => {
  const { deviceCapabilities: caps } = container.services;
  const tags = ['sessions'];
  const params = SessionIdParams;
  const ok = { 200: StatusOk };

  app.post('/sessions/:session_id/open-url', {
    schema: {
      tags,
      summary: 'Open a link on the device (a deep link or a web address)',
      params,
      body: OpenUrlBody,
      response: ok,
    },
    handler: async (req) => caps.openUrl({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.post('/sessions/:session_id/location', {
    schema: { tags, summary: "Set the device's location", params, body: LocationBody, response: ok },
    handler: (req) => caps.setLocation({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.post('/sessions/:session_id/permissions', {
    schema: { tags, summary: "Grant, deny or reset an app's permission", params, body: PermissionBody, response: ok },
    handler: (req) => caps.setPermission({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.get('/sessions/:session_id/clipboard', {
    schema: { tags, summary: "Read the device's clipboard", params, response: { 200: ClipboardResult } },
    handler: (req) => caps.getClipboard({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });
  app.post('/sessions/:session_id/clipboard', {
    schema: { tags, summary: "Set the device's clipboard", params, body: ClipboardBody, response: ok },
    handler: (req) => caps.setClipboard({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.post('/sessions/:session_id/appearance', {
    schema: {
      tags,
      summary: 'Switch the device to light or dark appearance',
      params,
      body: AppearanceBody,
      response: ok,
    },
    handler: (req) => caps.setAppearance({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.post('/sessions/:session_id/push', {
    schema: { tags, summary: 'Send the device a notification', params, body: PushBody, response: ok },
    handler: (req) => caps.sendPush({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.post('/sessions/:session_id/network', {
    schema: { tags, summary: 'Take the device offline or back online', params, body: NetworkBody, response: ok },
    handler: (req) => caps.setNetwork({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });

  // Multipart bodies are accepted unread in this scope only: media streams its body.
  await app.register(async (scoped: App) => {
    acceptMultipartBodies(scoped);
    scoped.post('/sessions/:session_id/media', {
      config: { rateLimit: RATE_LIMITS.heavy },
      preHandler: uploadRateLimits(scoped),
      schema: {
        tags,
        summary: "Add a photo or video to the device's library",
        description:
          'multipart/form-data: `file` (required): a JPEG, PNG, HEIC or MP4 of at most 100 MB, checked by its first bytes.',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: MediaResult },
      },
      handler: (req) =>
        caps.addMedia({
          ctx: req.ctx,
          input: {
            sessionId: req.params.session_id,
            source: multipartUploadSource(req, { maxBytes: CAPABILITY_LIMITS.mediaBytes }),
          },
        }),
    });
  });
};
