import type { FastifyRequest } from 'fastify';
import { Readable, Transform } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { RouteModule } from '../../http/types';
import type { WorkerCredential } from './worker-credentials';

/** The device-worker endpoints: the protocol socket and package downloads, on worker credentials. */
export const workersRoutes: RouteModule = (app, container) => {
  const credentials = new WeakMap<FastifyRequest, WorkerCredential>();
  const requireWorker = async (req: FastifyRequest) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
    credentials.set(req, await container.services.workerCredentials.authenticate(m?.[1]));
  };

  app.get(
    '/workers/connect',
    { websocket: true, config: { public: true }, preValidation: requireWorker, schema: { hide: true } },
    (socket, req) => {
      container.services.workers.acceptConnection({
        input: { socket, log: req.log, credential: credentials.get(req)! },
      });
    },
  );

  app.get('/workers/files/*', {
    config: { public: true },
    preValidation: requireWorker,
    schema: { hide: true, params: z.object({ '*': z.string().min(1).max(2000) }) },
    handler: async (req, reply) => {
      const key = container.services.fileLinks.verify(req.params['*'], container.clock.now());
      if (!key || isUploadKey(key)) throw new AppError('NOT_FOUND', 'File link not found or expired');
      const stream = await container.storage.get(key);
      if (!stream) throw new AppError('NOT_FOUND', 'File not found');
      return reply.header('content-type', 'application/octet-stream').send(stream);
    },
  });

  // A worker's finished screen recording, to the storage key its signed upload link names.
  app.register(async (scope) => {
    scope.addContentTypeParser('video/mp4', (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put('/workers/uploads/*', {
      config: { public: true },
      preValidation: requireWorker,
      schema: { hide: true, params: z.object({ '*': z.string().min(1).max(2000) }) },
      handler: async (req, reply) => {
        const signed = container.services.fileLinks.verify(req.params['*'], container.clock.now());
        if (!signed || !isUploadKey(signed)) throw new AppError('NOT_FOUND', 'Upload link not found or expired');
        const declared = Number(req.headers['content-length'] ?? Number.NaN);
        if (!(declared >= 0) || declared > MAX_UPLOAD_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', `A recording is at most ${MAX_UPLOAD_BYTES} bytes, with its length`);
        if (!(req.body instanceof Readable)) throw new AppError('BAD_REQUEST', 'The body must be video/mp4');
        const { size } = await container.storage.put(uploadKeyOf(signed), capped(req.body, declared), {
          contentType: 'video/mp4',
        });
        return reply.send({ size });
      },
    });
  });
};

/** Upload links name `put:<storage key>`; a download link never does. */
const isUploadKey = (key: string) => key.startsWith('put:');
const uploadKeyOf = (key: string) => key.slice(4);
const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/** The body, failing once it brings more than it declared. */
function capped(body: Readable, max: number): Readable {
  let seen = 0;
  return body.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, next) {
        seen += chunk.length;
        if (seen > max) next(new AppError('PAYLOAD_TOO_LARGE', 'The body is longer than its content-length'));
        else next(null, chunk);
      },
    }),
  );
}
