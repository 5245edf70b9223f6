import { z } from 'zod';
import type { RouteModule } from '../../http/types';

const ClientMessage = z.object({ type: z.enum(['subscribe', 'unsubscribe', 'heartbeat']), session_id: z.string().min(1).max(100) });

/** `/api/v1/ws` (real-time channel) and `/api/v1/sessions/{id}/stream` (JPEG frames). */
export const realtimeRoutes: RouteModule = (app, container) => {
  const { realtime, router, sessions } = container.services;

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const ctx = req.ctx;
    const orgId = ctx.org!.id;
    const subscribed = new Set<string>();
    const send = (m: unknown) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      let parsed: z.infer<typeof ClientMessage>;
      try {
        const r = ClientMessage.safeParse(JSON.parse(raw.toString()));
        if (!r.success) return send({ type: 'error', detail: r.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ') });
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
        const row = await sessions.loadSession({ ctx: { ...ctx, db: container.db }, input: { sessionId } });
        if (parsed.type === 'subscribe') {
          if (!subscribed.has(sessionId)) realtime.subscribe(sessionId, socket, orgId);
          subscribed.add(sessionId);
          send({ type: 'subscribed', session_id: sessionId });
          send({ type: 'session.updated', session: await sessions.getSession({ ctx: { ...ctx, db: container.db }, input: { sessionId } }) });
        } else {
          await sessions.heartbeatSession({ ctx: { ...ctx, db: container.db }, input: { sessionId } });
          send({ type: 'heartbeat.ack', session_id: sessionId });
        }
      })().catch((err) => send({ type: 'error', session_id: sessionId, detail: err?.detail ?? 'Request failed' }));
    });
    socket.on('close', () => {
      for (const id of subscribed) realtime.unsubscribeSocket(id, socket);
    });
  });

  app.get('/sessions/:session_id/stream', { websocket: true, schema: { hide: true, params: z.object({ session_id: z.string().min(1).max(100) }) } }, (socket, req) => {
    let cleanup: Array<() => void> = [];
    let closed = false;
    socket.on('close', () => {
      closed = true;
      for (const fn of cleanup) fn();
      cleanup = [];
    });
    socket.on('message', () => {});
    (async () => {
      const row = await sessions.loadSession({ ctx: req.ctx, input: { sessionId: req.params.session_id } });
      if (!row.deviceId || (row.status !== 'active' && row.status !== 'starting')) {
        socket.close(4409, 'session is not running');
        return;
      }
      if (closed) return;
      await sessions.heartbeatSession({ ctx: req.ctx, input: { sessionId: row.sessionId } });
      const deviceId = row.deviceId;
      let screen = { width: row.screenWidth ?? 0, height: row.screenHeight ?? 0, rotation: row.rotation ?? 0 };
      let helloSent = false;
      const sendFrame = (jpeg: Buffer, meta: { screen: { width: number; height: number; rotation: number } }) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!helloSent || meta.screen.width !== screen.width || meta.screen.height !== screen.height || meta.screen.rotation !== screen.rotation) {
          screen = meta.screen;
          socket.send(JSON.stringify({ type: 'hello', ...screen }));
          helloSent = true;
        }
        // Drop frames for slow viewers rather than buffering without bound.
        if (socket.bufferedAmount > 4 * 1024 * 1024) return;
        socket.send(jpeg, { binary: true });
      };
      cleanup.push(realtime.addStreamViewer(row.sessionId, () => socket.close(4410, 'session ended')));
      const last = router.lastFrame(deviceId);
      if (last) sendFrame(last.jpeg, last.meta);
      else if (screen.width) {
        socket.send(JSON.stringify({ type: 'hello', ...screen }));
        helloSent = true;
      }
      cleanup.push(router.subscribeFrames(deviceId, (f) => sendFrame(f.jpeg, f.meta)));
      if (closed) for (const fn of cleanup.splice(0)) fn();
    })().catch((err) => {
      req.log.warn({ err }, 'stream setup failed');
      socket.close(err?.status === 404 ? 4404 : 1011, err?.detail ?? 'stream failed');
    });
  });
};
