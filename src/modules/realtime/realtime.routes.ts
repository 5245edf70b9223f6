import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container';
import type { Ctx } from '../../context';
import { AppError } from '../../errors';
import { bearerFromRequest } from '../../http/bearer';
import type { RouteModule } from '../../http/types';
import { VideoGop } from '../../worker/video/video-gop';
import { H264Viewer, type StreamFrame, streamPacket } from './stream-packets';

const ClientMessage = z.object({
  type: z.enum(['subscribe', 'unsubscribe', 'heartbeat']),
  session_id: z.string().min(1).max(100),
});

const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * `?codec=h264`: H.264 access units when the device streams them (stream-packets.ts); default
 * JPEG. `token` is the credential of clients that cannot set headers (bearer.ts reads it).
 */
const StreamQuery = z.object({ codec: z.enum(['jpeg', 'h264']).optional(), token: z.string().max(4096).optional() });
type StreamQuery = z.infer<typeof StreamQuery>;

/** Close codes of the stream socket. */
const STREAM_NOT_RUNNING = 4409;
const STREAM_SESSION_ENDED = 4410;
const STREAM_NOT_FOUND = 4404;

/**
 * The request's own credential, checked again: it must still authenticate as the same actor in
 * the same organization. Throws 401 when it does not.
 */
async function reauthenticate(container: Container, req: FastifyRequest, ctx: Ctx): Promise<Ctx> {
  const principal = await container.services.auth.authenticateBearer(
    container.db,
    bearerFromRequest(req),
    container.clock.now(),
  );
  if (principal.org?.id !== ctx.org?.id || actorKey(principal.actor) !== actorKey(ctx.actor))
    throw new AppError('UNAUTHENTICATED', 'Credentials revoked');
  return { ...ctx, db: container.db, actor: principal.actor, org: principal.org };
}

function actorKey(actor: Ctx['actor']): string {
  return actor.kind === 'user' ? `u:${actor.userId}` : actor.kind === 'api_token' ? `t:${actor.tokenId}` : actor.kind;
}

/** Registers `socket` with the credential watch under the request's bearer; returns the removal. */
function followCredentials(
  container: Container,
  req: FastifyRequest,
  socket: { close(code: number, reason: string): void },
): () => void {
  const ctx = req.ctx;
  const bearer = bearerFromRequest(req) ?? '';
  return container.services.credentialWatch.watch(`bearer:${bearer}`, socket, () =>
    reauthenticate(container, req, ctx).then(
      () => true,
      (err) => {
        if (err instanceof AppError && err.code === 'UNAUTHENTICATED') return false;
        throw err;
      },
    ),
  );
}

/** `/api/v1/ws` (real-time channel) and `/api/v1/sessions/{id}/stream` (JPEG frames, or H.264 on request). */
export const realtimeRoutes: RouteModule = (app, container) => {
  const { realtime, router, sessions } = container.services;

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const orgId = req.ctx.org!.id;
    const subscribed = new Set<string>();
    const unwatch = followCredentials(container, req, socket);
    const leaveOrganization = realtime.joinOrganization(socket, orgId);
    const send = (m: unknown) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      // A client message is a few dozen bytes: a larger one is refused before it is parsed.
      const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
      if (size > MAX_CLIENT_MESSAGE_BYTES) return send({ type: 'error', detail: 'message: at most 4 KB' });
      let parsed: z.infer<typeof ClientMessage>;
      try {
        const r = ClientMessage.safeParse(JSON.parse(raw.toString()));
        if (!r.success)
          return send({
            type: 'error',
            detail: r.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; '),
          });
        parsed = r.data;
      } catch {
        return send({ type: 'error', detail: 'message: invalid JSON' });
      }
      const sessionId = parsed.session_id;
      (async () => {
        if (parsed.type === 'unsubscribe') {
          realtime.unsubscribeSocket(sessionId, socket);
          subscribed.delete(sessionId);
          return send({ type: 'unsubscribed', session_id: sessionId });
        }
        // Access is decided anew for every message, with the credential as it is now.
        const ctx = await reauthenticate(container, req, req.ctx);
        if (parsed.type === 'subscribe') {
          const session = await sessions.getSession({ ctx, input: { sessionId } });
          if (!subscribed.has(sessionId)) realtime.subscribe(sessionId, socket, orgId);
          subscribed.add(sessionId);
          send({ type: 'subscribed', session_id: sessionId });
          send({ type: 'session.updated', session });
        } else {
          await sessions.heartbeatSession({ ctx, input: { sessionId } });
          send({ type: 'heartbeat.ack', session_id: sessionId });
        }
      })().catch((err) => {
        if (err instanceof AppError && err.code === 'UNAUTHENTICATED') return socket.close(4401, 'credentials revoked');
        send({ type: 'error', session_id: sessionId, detail: err?.detail ?? 'Request failed' });
      });
    });
    socket.on('close', () => {
      unwatch();
      leaveOrganization();
      for (const id of subscribed) realtime.unsubscribeSocket(id, socket);
    });
  });

  app.get(
    '/sessions/:session_id/stream',
    {
      websocket: true,
      schema: {
        hide: true,
        params: z.object({ session_id: z.string().min(1).max(100) }),
        querystring: StreamQuery,
      },
    },
    (socket, req) => {
      const cleanup: Array<() => void> = [];
      let closed = false;
      const end = (code: number, reason: string) => {
        if (!closed) socket.close(code, reason);
      };
      socket.on('close', () => {
        closed = true;
        for (const fn of cleanup.splice(0)) fn();
      });
      socket.on('message', () => {});
      // The viewer is registered before the session is looked at: an end that commits after the
      // look closes it, and one that committed before is seen by the look.
      cleanup.push(realtime.addStreamViewer(req.params.session_id, () => end(STREAM_SESSION_ENDED, 'session ended')));
      cleanup.push(followCredentials(container, req, socket));
      const isRunning = (row: { status: string; deviceId: string | null }) =>
        !!row.deviceId && (row.status === 'active' || row.status === 'starting');
      // Viewers that asked for H.264 get it framed (stream-packets.ts); the others bare JPEG.
      const video = (req.query as StreamQuery).codec === 'h264' ? new H264Viewer() : null;
      (async () => {
        const row = await sessions.loadSession({ ctx: req.ctx, input: { sessionId: req.params.session_id } });
        if (!isRunning(row)) return end(STREAM_NOT_RUNNING, 'session is not running');
        if (closed) return;
        const deviceId = row.deviceId!;
        let screen = { width: row.screenWidth ?? 0, height: row.screenHeight ?? 0, rotation: row.rotation ?? 0 };
        let helloSent = false;
        // Nothing goes out before the second look below has confirmed the lease; until then the
        // newest JPEG frame and the H.264 units since the last keyframe are kept.
        let verified = false;
        let held: StreamFrame | undefined;
        const heldVideo = new VideoGop<{ data: Buffer; keyframe: boolean; frame: StreamFrame }>();
        const hello = (s: typeof screen) => {
          if (helloSent && s.width === screen.width && s.height === screen.height && s.rotation === screen.rotation)
            return;
          screen = s;
          socket.send(JSON.stringify({ type: 'hello', ...screen }));
          helloSent = true;
        };
        const sendFrame = (f: StreamFrame) => {
          if (!verified) {
            if (f.meta.codec === 'h264') heldVideo.push({ data: f.data, keyframe: f.meta.keyframe, frame: f });
            else held = f;
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          // Drop frames for slow viewers rather than buffering without bound.
          const congested = socket.bufferedAmount > 4 * 1024 * 1024;
          if (!video) {
            if (f.meta.codec === 'h264') return;
            hello(f.meta.screen);
            if (!congested) socket.send(f.data, { binary: true });
            return;
          }
          const step = video.step(f, congested);
          if (step.send === 'skip') return;
          if (step.codec) socket.send(JSON.stringify(step.codec));
          hello(f.meta.screen);
          socket.send(streamPacket(step.kind, f), { binary: true });
        };
        cleanup.push(router.subscribeFrames(deviceId, sendFrame));
        // Looked at again now that frames are subscribed: the device must still be this session's.
        const now = await sessions.loadSession({ ctx: req.ctx, input: { sessionId: row.sessionId } });
        if (!isRunning(now) || now.deviceId !== deviceId) return end(STREAM_SESSION_ENDED, 'session ended');
        if (closed) return;
        await sessions.heartbeatSession({ ctx: req.ctx, input: { sessionId: row.sessionId } });
        verified = true;
        const units = heldVideo.replay().map((u) => u.frame);
        const first = held ?? router.lastFrame(deviceId);
        const catchUp = video ? (units.length ? units : router.lastVideo(deviceId)) : [];
        for (const f of catchUp) sendFrame(f);
        if (first) sendFrame(first);
        // A viewer that asked for H.264 hears the codec first; its hello comes with the first frame.
        else if (!video && screen.width) hello(screen);
        if (closed) for (const fn of cleanup.splice(0)) fn();
      })().catch((err) => {
        req.log.warn({ err }, 'stream setup failed');
        end(err?.status === 404 ? STREAM_NOT_FOUND : 1011, err?.detail ?? 'stream failed');
      });
    },
  );
};
