import { z } from 'zod';
import { AppError } from '../../errors';
import type { RouteModule } from '../../http/types';
import type { DeviceSpec } from '../../worker/driver';
import { DEVICE_CATEGORIES, DEVICE_TYPES } from '../../db/schema';
import { safeTokenEqual } from './file-links';

const Hello = z.object({
  type: z.literal('hello'),
  worker_id: z.string().min(1).max(200),
  driver: z.string().optional(),
  devices: z.array(
    z.object({
      deviceId: z.string().min(1).max(200),
      name: z.string().min(1).max(200),
      model: z.string().min(1).max(200),
      type: z.enum(DEVICE_TYPES),
      category: z.enum(DEVICE_CATEGORIES),
      osVersion: z.string().min(1).max(50),
    }),
  ).max(1000),
});
const Result = z.object({ type: z.literal('result'), request_id: z.string(), ok: z.boolean(), data: z.unknown().optional(), error: z.string().optional() });

const HELLO_TIMEOUT_MS = 10_000;

/** The device-worker endpoints: the protocol socket and package downloads, both on WORKER_TOKEN. */
export const workersRoutes: RouteModule = (app, container) => {
  const { router } = container.services;
  const sessions = container.services.sessions;
  const requireWorker = async (req: { headers: Record<string, string | string[] | undefined> }) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
    if (!m || !safeTokenEqual(m[1]!, container.secrets.workerToken)) throw new AppError('UNAUTHENTICATED', 'Invalid worker token');
  };

  app.get('/workers/connect', { websocket: true, config: { public: true }, preValidation: requireWorker, schema: { hide: true } }, (socket, req) => {
    let workerId: string | null = null;
    const helloTimer = setTimeout(() => socket.close(4001, 'hello expected'), HELLO_TIMEOUT_MS);
    socket.on('message', (raw, isBinary) => {
      if (isBinary) {
        if (workerId) router.onBinary(workerId, Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as Buffer));
        return;
      }
      let msg: unknown;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        socket.close(4002, 'invalid JSON');
        return;
      }
      const type = (msg as { type?: string }).type;
      if (type === 'hello') {
        const hello = Hello.safeParse(msg);
        if (!hello.success) {
          socket.close(4002, 'invalid hello');
          return;
        }
        clearTimeout(helloTimer);
        workerId = hello.data.worker_id;
        const specs = hello.data.devices as DeviceSpec[];
        router.attach(workerId, socket, specs);
        const id = workerId;
        sessions
          .registerWorker(id, specs, hello.data.driver ?? null)
          .then(() => socket.send(JSON.stringify({ type: 'welcome', worker_id: id })))
          .catch((err) => req.log.error({ err, workerId: id }, 'worker registration failed'));
        req.log.info({ workerId, devices: specs.length }, 'worker connected');
      } else if (!workerId) {
        socket.close(4001, 'hello expected');
      } else if (type === 'heartbeat') {
        sessions.touchWorker(workerId).catch((err) => req.log.warn({ err }, 'worker heartbeat update failed'));
      } else if (type === 'result') {
        const r = Result.safeParse(msg);
        if (r.success) router.onResult(workerId, r.data);
      }
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (workerId) {
        router.detach(workerId, socket);
        req.log.info({ workerId }, 'worker disconnected');
      }
    });
  });

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
