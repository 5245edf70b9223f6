import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * `/sessions/{session_id}/view`: a minimal page that shows a session's stream on a canvas and
 * sends taps and swipes. Plain HTML and JS, no build step; the token comes from `?token=` (then
 * kept in localStorage) or from localStorage.
 */
export async function sessionViewPage(app: FastifyInstance): Promise<void> {
  app.get('/sessions/:session_id/view', { config: { public: true, rateLimit: false }, schema: { hide: true, params: z.object({ session_id: z.string().min(1).max(100) }) } }, async (_req, reply) => {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self' ws: wss:")
      .send(PAGE);
  });
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simdeck session</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #111; color: #eee; display: flex; flex-direction: column; align-items: center; }
  header { padding: 8px; display: flex; gap: 12px; align-items: center; }
  canvas { background: #000; max-height: calc(100vh - 60px); max-width: 100vw; touch-action: none; cursor: crosshair; }
  button { font: inherit; }
  #status { opacity: .8; }
  #warning { color: #fc6; }
</style>
</head>
<body>
<header>
  <span id="status">connecting…</span>
  <span id="warning"></span>
  <button data-key="BACK">Back</button>
  <button data-key="HOME">Home</button>
  <button id="rotate">Rotate</button>
</header>
<canvas id="screen" width="390" height="844"></canvas>
<script>
(() => {
  const params = new URLSearchParams(location.search);
  let token = params.get('token');
  if (token) { localStorage.setItem('simdeck_token', token); history.replaceState(null, '', location.pathname); }
  else token = localStorage.getItem('simdeck_token');
  const sessionId = decodeURIComponent(location.pathname.split('/')[2] || '');
  const statusEl = document.getElementById('status');
  const warnEl = document.getElementById('warning');
  const canvas = document.getElementById('screen');
  const g = canvas.getContext('2d');
  const wsBase = location.origin.replace(/^http/, 'ws');
  window.simdeck = { frames: 0, controls: 0, lastError: null, hello: null };
  if (!token) { statusEl.textContent = 'No token: open this page with ?token=<access token>'; return; }
  let rotation = 0;

  const control = (body) => fetch('/api/v1/sessions/' + encodeURIComponent(sessionId) + '/control', {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: JSON.stringify(body),
  }).then(async (r) => { window.simdeck.controls++; if (!r.ok) { const e = await r.json().catch(() => ({})); window.simdeck.lastError = e.detail || r.status; statusEl.textContent = 'error: ' + window.simdeck.lastError; } });

  let pending = null, drawing = false;
  const draw = async () => {
    if (drawing || !pending) return;
    drawing = true;
    const blob = pending; pending = null;
    try {
      const bmp = await createImageBitmap(blob);
      if (canvas.width !== bmp.width || canvas.height !== bmp.height) { canvas.width = bmp.width; canvas.height = bmp.height; }
      g.drawImage(bmp, 0, 0);
      bmp.close();
      window.simdeck.frames++;
    } catch (e) { window.simdeck.lastError = String(e); }
    drawing = false;
    if (pending) draw();
  };

  const connect = () => {
    const ws = new WebSocket(wsBase + '/api/v1/sessions/' + encodeURIComponent(sessionId) + '/stream', ['bearer.' + token]);
    ws.binaryType = 'blob';
    ws.onopen = () => { statusEl.textContent = 'streaming'; };
    ws.onmessage = (ev) => {
      if (typeof ev.data === 'string') {
        const m = JSON.parse(ev.data);
        if (m.type === 'hello') { window.simdeck.hello = m; rotation = m.rotation; canvas.width = m.width; canvas.height = m.height; }
        return;
      }
      pending = ev.data; draw();
    };
    ws.onclose = (ev) => { statusEl.textContent = 'disconnected (' + (ev.reason || ev.code) + ')'; if (ev.code !== 4404 && ev.code !== 4409) setTimeout(connect, 2000); };
  };
  connect();

  const rt = new WebSocket(wsBase + '/api/v1/ws', ['bearer.' + token]);
  rt.onopen = () => { rt.send(JSON.stringify({ type: 'subscribe', session_id: sessionId })); setInterval(() => rt.send(JSON.stringify({ type: 'heartbeat', session_id: sessionId })), 20000); };
  rt.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === 'session.updated') statusEl.textContent = m.session.status + (m.session.device_name ? ' · ' + m.session.device_name : '');
    if (m.type === 'session.ending') warnEl.textContent = 'Session ends in ' + m.in_seconds + ' s (' + m.reason + ')';
    if (m.type === 'queue.updated') statusEl.textContent = 'queued, position ' + m.position;
  };

  const point = (ev) => {
    const r = canvas.getBoundingClientRect();
    return { x: Math.round((ev.clientX - r.left) * canvas.width / r.width), y: Math.round((ev.clientY - r.top) * canvas.height / r.height), t: performance.now() };
  };
  let down = null;
  canvas.addEventListener('pointerdown', (ev) => { down = point(ev); canvas.setPointerCapture(ev.pointerId); });
  canvas.addEventListener('pointerup', (ev) => {
    if (!down) return;
    const up = point(ev), start = down; down = null;
    const dist = Math.hypot(up.x - start.x, up.y - start.y);
    if (dist < 8) control({ action: 'tap', x: start.x, y: start.y });
    else control({ action: 'swipe', x: start.x, y: start.y, x2: up.x, y2: up.y, duration: Math.max(50, Math.round(up.t - start.t)) });
  });
  for (const b of document.querySelectorAll('button[data-key]')) b.addEventListener('click', () => control({ action: 'key', keycode: b.dataset.key }));
  document.getElementById('rotate').addEventListener('click', () => control({ action: 'rotate', rotation: (rotation + 90) % 360 }));
})();
</script>
</body>
</html>`;
