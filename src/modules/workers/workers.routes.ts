import type { FastifyRequest } from 'fastify';
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
      if (!key) throw new AppError('NOT_FOUND', 'File link not found or expired');
      const stream = await container.storage.get(key);
      if (!stream) throw new AppError('NOT_FOUND', 'File not found');
      return reply.header('content-type', 'application/octet-stream').send(stream);
    },
  });
};
