import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '../../http/types';
import { RATE_LIMITS, uploadRateLimits } from '../../http/rate-limits';
import {
  AppDetail,
  AppIdParams,
  AppListEntry,
  DeletedResponse,
  ListAppsQuery,
  UploadAppResponse,
  UploadBuildResponse,
} from './apps.schemas';
import {
  acceptMultipartBodies,
  assertContentLengthWithinLimit,
  multipartUploadSource,
} from '../../uploads/upload-receiver';

/**
 * 413 from Content-Length before any of the body is read. The connection is closed with the
 * answer: otherwise the client keeps sending a body nobody reads and never sees the 413.
 */
async function refuseOversizedBody(req: FastifyRequest, reply: FastifyReply) {
  try {
    assertContentLengthWithinLimit(req);
  } catch (err) {
    reply.header('connection', 'close');
    throw err;
  }
}

export const appsRoutes: RouteModule = async (root, { services }) => {
  // Multipart bodies are accepted unread inside this scope only: the upload routes stream them.
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    acceptMultipartBodies(scope);
    const multipartDoc = { consumes: ['multipart/form-data'] };

    app.post('/apps/upload', {
      config: { rateLimit: RATE_LIMITS.heavy },
      preHandler: uploadRateLimits(scope),
      // Content-Length over the limit is refused before a byte of the body is read.
      preValidation: refuseOversizedBody,
      // The body is streamed by the service; the schema only documents it.
      schema: {
        tags: ['apps'],
        summary: 'Upload an app (or a new build of an existing one)',
        description:
          'multipart/form-data: `file` (required: .apk, .apks, or an iOS simulator .app as .zip/.tar.gz/.tgz, at most 500 MB), `name`, `package_name`, `platform`, `note` (at most 500 characters), `version`, `build_number`. 413 when the file is over 500 MB or would take the organization past its storage quota (the detail names the quota and the usage; nothing is stored).',
        ...multipartDoc,
        response: { 200: UploadAppResponse },
      },
      handler: (req) => services.appUploads.uploadApp({ ctx: req.ctx, input: { source: multipartUploadSource(req) } }),
    });

    app.post('/apps/:app_id/builds', {
      config: { rateLimit: RATE_LIMITS.heavy },
      preHandler: uploadRateLimits(scope),
      preValidation: refuseOversizedBody,
      schema: {
        tags: ['apps'],
        summary: 'Upload a new build of an app',
        description:
          'multipart/form-data: `file` (required, same package as the app), `version`, `build_number`, `note` (at most 500 characters). 413 when the file is over 500 MB or would take the organization past its storage quota (the detail names the quota and the usage; nothing is stored).',
        ...multipartDoc,
        params: AppIdParams,
        response: { 200: UploadBuildResponse },
      },
      handler: (req) =>
        services.appUploads.uploadBuild({
          ctx: req.ctx,
          input: { appId: req.params.app_id, source: multipartUploadSource(req) },
        }),
    });

    app.get('/apps/', {
      schema: {
        tags: ['apps'],
        summary: 'List apps',
        querystring: ListAppsQuery,
        response: { 200: AppListEntry.array() },
      },
      handler: (req) => services.apps.listApps({ ctx: req.ctx, input: req.query }),
    });

    app.get('/apps/:app_id', {
      schema: { tags: ['apps'], summary: 'An app with its builds', params: AppIdParams, response: { 200: AppDetail } },
      handler: (req) => services.apps.getApp({ ctx: req.ctx, input: { appId: req.params.app_id } }),
    });

    app.delete('/apps/:app_id', {
      schema: {
        tags: ['apps'],
        summary: 'Delete an app, its builds and files',
        params: AppIdParams,
        response: { 200: DeletedResponse },
      },
      handler: (req) => services.apps.deleteApp({ ctx: req.ctx, input: { appId: req.params.app_id } }),
    });

    app.get('/apps/:app_id/icon.png', {
      schema: { tags: ['apps'], summary: "The app's icon (PNG)", params: AppIdParams },
      handler: async (req, reply) => {
        const png = await services.apps.getIcon({ ctx: req.ctx, input: { appId: req.params.app_id } });
        return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
      },
    });
  });
};
