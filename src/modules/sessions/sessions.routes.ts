import { loadCsvStringify } from '../../lazy-modules';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, RouteModule } from '../../http/types';
import { RATE_LIMITS, uploadRateLimits } from '../../http/rate-limits';
import {
  AppParams,
  ControlBody,
  CreateSessionBody,
  InstallBuildBody,
  InstallResult,
  LaunchAppBody,
  ListSessionsQuery,
  QueueEntryParams,
  QueuedResponse,
  Session,
  SessionIdParams,
  StartSessionBody,
  StatusMessage,
  StatusOk,
} from './sessions.schemas';
import { z } from 'zod';
import { acceptMultipartBodies, multipartUploadSource } from '../../uploads/upload-receiver';
import { deviceCapabilityRoutes } from './device-capabilities.routes';

export const sessionsRoutes: RouteModule = async (app, container) => {
  const { sessions, deviceControl } = container.services;
  const tags = ['sessions'];

  app.post('/sessions', {
    schema: { tags, summary: 'Create a session', body: CreateSessionBody, response: { 200: Session } },
    handler: (req) => sessions.createSession({ ctx: req.ctx, input: req.body }),
  });

  app.post('/sessions/:session_id/start', {
    schema: {
      tags,
      summary: 'Start a session (or queue it)',
      params: SessionIdParams,
      body: StartSessionBody,
      response: { 200: Session, 202: QueuedResponse },
    },
    handler: async (req, reply) => {
      const r = await sessions.startSession({
        ctx: req.ctx,
        input: { sessionId: req.params.session_id, deviceId: req.body?.device_id },
      });
      if ('queued' in r) return reply.code(202).send(r.queued);
      return r.started;
    },
  });

  const leave = {
    schema: { tags, summary: 'Leave the queue', params: QueueEntryParams, response: { 200: StatusOk } },
    handler: (req: { ctx: import('../../context').Ctx; params: { queue_entry_id: number } }) =>
      sessions.leaveQueue({ ctx: req.ctx, input: { entryId: req.params.queue_entry_id } }),
  };
  app.delete('/sessions/queue/:queue_entry_id', leave);
  // The POST form is for navigator.sendBeacon on page unload: a beacon cannot set headers and sends
  // whatever body it holds (text, form data), so this route takes `?token=` and ignores its body.
  await app.register(async (beacon) => {
    beacon.removeAllContentTypeParsers();
    beacon.addContentTypeParser('*', (_req, payload, done) => {
      payload.once('error', done);
      payload.once('end', () => done(null, undefined));
      payload.resume();
    });
    beacon
      .withTypeProvider<ZodTypeProvider>()
      .post('/sessions/queue/:queue_entry_id/leave', { ...leave, config: { tokenInQuery: true } });
  });

  app.get('/sessions/export/csv', {
    schema: { tags, summary: 'Session history as CSV' },
    handler: async (req, reply) => {
      const rows = await sessions.exportSessions({ ctx: req.ctx });
      const columns = [
        'id',
        'session_id',
        'status',
        'end_reason',
        'device_type',
        'device_category',
        'device_id',
        'device_name',
        'os_version',
        'user_email',
        'start_time',
        'end_time',
        'duration_minutes',
        'created_at',
      ] as const;
      const csv = loadCsvStringify().stringify(
        rows.map((r) => columns.map((c) => r[c] ?? '')),
        { header: true, columns: [...columns] },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sessions.csv"')
        .send(csv);
    },
  });

  app.get('/sessions', {
    schema: { tags, summary: 'List sessions', querystring: ListSessionsQuery, response: { 200: z.array(Session) } },
    handler: (req) => sessions.listSessions({ ctx: req.ctx, input: req.query }),
  });

  app.get('/sessions/:session_id', {
    schema: { tags, summary: 'Get a session', params: SessionIdParams, response: { 200: Session } },
    handler: (req) =>
      container.services.deviceCapabilities.describeSession({
        ctx: req.ctx,
        input: { sessionId: req.params.session_id },
      }),
  });

  app.delete('/sessions/:session_id', {
    schema: {
      tags,
      summary: 'Stop a session and release its device',
      params: SessionIdParams,
      response: { 200: StatusOk },
    },
    handler: (req) => sessions.stopSession({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });

  app.post('/sessions/:session_id/control', {
    schema: {
      tags,
      summary: 'Send input to the device',
      params: SessionIdParams,
      body: ControlBody,
      response: { 200: StatusOk },
    },
    handler: (req) =>
      deviceControl.controlSession({ ctx: req.ctx, input: { sessionId: req.params.session_id, control: req.body } }),
  });

  app.post('/sessions/:session_id/install-build', {
    schema: {
      tags,
      summary: "Install a build of one of the organization's apps",
      params: SessionIdParams,
      body: InstallBuildBody,
      response: { 200: InstallResult },
    },
    handler: (req) =>
      deviceControl.installBuild({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });

  app.post('/sessions/:session_id/launch-app', {
    schema: {
      tags,
      summary: 'Launch an installed app',
      params: SessionIdParams,
      body: LaunchAppBody,
      response: { 200: StatusMessage },
    },
    handler: (req) =>
      deviceControl.launchApp({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });

  app.get('/sessions/:session_id/apps', {
    schema: {
      tags,
      summary: 'Request the installed apps (delivered as session.apps over /api/v1/ws)',
      params: SessionIdParams,
      response: { 200: StatusMessage },
    },
    handler: (req) => deviceControl.listInstalledApps({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });

  app.delete('/sessions/:session_id/apps/:package_name', {
    schema: { tags, summary: 'Uninstall an app', params: AppParams, response: { 200: StatusMessage } },
    handler: (req) =>
      deviceControl.uninstallApp({
        ctx: req.ctx,
        input: { sessionId: req.params.session_id, packageName: req.params.package_name },
      }),
  });

  await deviceCapabilityRoutes(app, container);

  // Multipart bodies are accepted unread in this scope only: install-app streams its body.
  await app.register(async (scoped: App) => {
    acceptMultipartBodies(scoped);
    scoped.post('/sessions/:session_id/install-app', {
      config: { rateLimit: RATE_LIMITS.heavy },
      preHandler: uploadRateLimits(scoped),
      schema: {
        tags,
        summary: 'Upload and install a package (.apk, or an iOS simulator bundle as .zip/.tar.gz/.tgz)',
        description: 'multipart/form-data: `file` (required, at most 500 MB), `launch_after_install` (default false).',
        params: SessionIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: InstallResult },
      },
      handler: (req) =>
        deviceControl.installApp({
          ctx: req.ctx,
          input: { sessionId: req.params.session_id, source: multipartUploadSource(req) },
        }),
    });
  });
};
