import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pagePolicy, routePolicy } from '../../http/security-headers';
import { END_REASON_TEXT } from './end-reasons';

const SCRIPT_PATH = '/sessions/view.js';

/**
 * `/sessions/{session_id}/view`: a minimal page that shows a session's stream on a canvas and
 * sends taps and swipes. Plain HTML and a script file of its own, no build step. The token comes
 * in the URL fragment (`#token=…`, which browsers never send to a server) and lives only in the
 * page's memory: it leaves the address bar at once and is never stored.
 */
export async function sessionViewPage(app: FastifyInstance): Promise<void> {
  app.get(
    '/sessions/:session_id/view',
    {
      config: { public: true, rateLimit: false },
      helmet: routePolicy(VIEW_POLICY),
      schema: { hide: true, params: z.object({ session_id: z.string().min(1).max(100) }) },
    },
    async (_req, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(PAGE),
  );
  app.get(SCRIPT_PATH, { config: { public: true, rateLimit: false }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SCRIPT),
  );
}

const STYLE = `
  body { margin: 0; font: 14px system-ui, sans-serif; background: #111; color: #eee; display: flex; flex-direction: column; align-items: center; }
  header { padding: 8px; display: flex; gap: 12px; align-items: center; }
  canvas { background: #000; max-height: calc(100vh - 60px); max-width: 100vw; touch-action: none; cursor: crosshair; }
  button { font: inherit; }
  #status { opacity: .8; }
  #warning { color: #fc6; }
  #ended { padding: 8px 12px; margin: 8px; border: 1px solid #555; border-radius: 6px; max-width: 420px; }
  #ended[hidden] { display: none; }
`;

/**
 * Only our script file runs (no inline script, no handler attributes); the one inline style block
 * is allowed by its hash; fetch and WebSocket go to this origin only.
 */
const VIEW_POLICY = pagePolicy({
  'style-src': [`'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`],
  'connect-src': ["'self'"],
});

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simdeck session</title>
<style>${STYLE}</style>
<script src="${SCRIPT_PATH}" defer></script>
</head>
<body>
<header>
  <span id="status">connecting…</span>
  <span id="warning"></span>
  <button data-key="BACK">Back</button>
  <button data-key="HOME">Home</button>
  <button id="rotate">Rotate</button>
</header>
<section id="ended" role="alert" hidden>
  <p><strong id="ended-title">This session is over.</strong> <span id="ended-reason"></span></p>
  <button id="again">Start another session</button>
</section>
<canvas id="screen" width="390" height="844"></canvas>
</body>
</html>`;

const SCRIPT = `'use strict';
(() => {
  // The token arrives in the fragment, which never reaches a server or its logs; it stays in this closure only.
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  const sessionId = decodeURIComponent(location.pathname.split('/')[2] || '');
  const statusEl = document.getElementById('status');
  const warnEl = document.getElementById('warning');
  const canvas = document.getElementById('screen');
  const g = canvas.getContext('2d');
  const wsBase = location.origin.replace(/^http/, 'ws');
  window.simdeck = { frames: 0, videoFrames: 0, codec: null, controls: 0, lastError: null, hello: null };
  if (!token) { statusEl.textContent = 'No token: open this page as …/view#token=<access token>'; return; }
  let rotation = 0;
  const REASONS = ${JSON.stringify(END_REASON_TEXT)};
  const api = (method, path, body) => fetch('/api/v1' + path, {
    method, headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => { const b = await r.json().catch(() => ({})); if (!r.ok) throw new Error(b.detail || String(r.status)); return b; });
  let session = null, ended = false;
  // A session that ended says why, and offers another of the same kind; the page stops reconnecting.
  const showSession = (s) => {
    session = s;
    statusEl.textContent = s.status + (s.device_name ? ' · ' + s.device_name : '');
    if (s.status !== 'stopped' && s.status !== 'failed') return;
    ended = true;
    warnEl.textContent = '';
    document.getElementById('ended-title').textContent = s.status === 'failed' ? 'This session failed.' : 'This session is over.';
    document.getElementById('ended-reason').textContent = s.error_message || REASONS[s.end_reason] || '';
    document.getElementById('ended').hidden = false;
    window.simdeck.ended = s.end_reason || s.status;
  };
  document.getElementById('again').addEventListener('click', async () => {
    try {
      const created = await api('POST', '/sessions/', { device_type: session.device_type, device_category: session.device_category });
      await api('POST', '/sessions/' + encodeURIComponent(created.session_id) + '/start', {});
      location.replace('/sessions/' + encodeURIComponent(created.session_id) + '/view#token=' + encodeURIComponent(token));
    } catch (e) { statusEl.textContent = 'Could not start another session: ' + e.message; }
  });
  const refresh = () => api('GET', '/sessions/' + encodeURIComponent(sessionId)).then(showSession, (e) => { statusEl.textContent = e.message; });
  refresh();

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
      if (!window.simdeck.hello && (canvas.width !== bmp.width || canvas.height !== bmp.height)) { canvas.width = bmp.width; canvas.height = bmp.height; }
      g.drawImage(bmp, 0, 0, canvas.width, canvas.height);
      bmp.close();
      window.simdeck.frames++;
    } catch (e) { window.simdeck.lastError = String(e); }
    drawing = false;
    if (pending) draw();
  };

  // H.264 through WebCodecs when this browser decodes it (the stream's keyframes carry SPS/PPS in
  // band, so VideoDecoder takes the Annex B units as they come); JPEG otherwise, or when the
  // server says the device has none. Each binary message then has a 16-byte header.
  const H264_PROBE = 'avc1.42E01E';
  let h264Refused = false;
  const canH264 = async () => {
    if (h264Refused || typeof VideoDecoder !== 'function') return false;
    try { return (await VideoDecoder.isConfigSupported({ codec: H264_PROBE })).supported === true; } catch { return false; }
  };
  /** avc1.PPCCLL from the SPS in a keyframe: profile, constraint flags and level, in hex. */
  const codecOf = (b) => {
    for (let i = 0; i + 7 < b.length; i++)
      if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1 && (b[i + 3] & 0x1f) === 7)
        return 'avc1.' + [b[i + 4], b[i + 5], b[i + 6]].map((x) => x.toString(16).padStart(2, '0')).join('');
    return null;
  };
  let decoder = null, decoderCodec = null;
  const newDecoder = () => new VideoDecoder({
    output: (frame) => {
      g.drawImage(frame, 0, 0, canvas.width, canvas.height);
      frame.close();
      window.simdeck.frames++;
      window.simdeck.videoFrames++;
    },
    error: (e) => { window.simdeck.lastError = String(e); decoder = null; decoderCodec = null; },
  });
  const decode = async (unit, key, at) => {
    if (key) {
      const codec = codecOf(unit);
      if (codec && codec !== decoderCodec) {
        const ok = await VideoDecoder.isConfigSupported({ codec }).then((r) => r.supported, () => false);
        // The browser decodes baseline but not this profile: ask again for JPEG.
        if (!ok) { h264Refused = true; window.simdeck.lastError = 'H.264 ' + codec + ' not supported'; current && current.close(); return; }
        if (!decoder || decoder.state === 'closed') decoder = newDecoder();
        decoder.configure({ codec, optimizeForLatency: true });
        decoderCodec = codec;
      }
    }
    if (!decoder || !decoderCodec) return;
    decoder.decode(new EncodedVideoChunk({ type: key ? 'key' : 'delta', timestamp: Math.round(at * 1000), data: unit }));
  };

  let current = null;
  const connect = async () => {
    const h264 = await canH264();
    window.simdeck.codec = h264 ? 'h264?' : 'jpeg';
    const ws = new WebSocket(wsBase + '/api/v1/sessions/' + encodeURIComponent(sessionId) + '/stream' + (h264 ? '?codec=h264' : ''), ['bearer.' + token]);
    current = ws;
    ws.binaryType = h264 ? 'arraybuffer' : 'blob';
    // Units decode one after another, in arrival order.
    let queue = Promise.resolve();
    ws.onopen = () => { statusEl.textContent = 'streaming'; };
    ws.onmessage = (ev) => {
      if (typeof ev.data === 'string') {
        const m = JSON.parse(ev.data);
        if (m.type === 'hello') { window.simdeck.hello = m; rotation = m.rotation; canvas.width = m.width; canvas.height = m.height; }
        if (m.type === 'codec') window.simdeck.codec = m.codec;
        return;
      }
      if (!h264) { pending = ev.data; draw(); return; }
      const bytes = new Uint8Array(ev.data);
      const view = new DataView(ev.data);
      const body = bytes.subarray(16);
      if (bytes[0] === 0) { pending = new Blob([body], { type: 'image/jpeg' }); draw(); return; }
      const key = (bytes[1] & 1) === 1, at = view.getFloat64(8);
      queue = queue.then(() => decode(body, key, at)).catch((e) => { window.simdeck.lastError = String(e); });
    };
    ws.onclose = (ev) => {
      if (ws !== current || ended) return;
      statusEl.textContent = 'disconnected (' + (ev.reason || ev.code) + ')';
      if (ev.code === 4409 || ev.code === 4410) refresh();
      else if (ev.code !== 4404) setTimeout(connect, h264Refused && h264 ? 0 : 2000);
    };
  };
  connect();

  const rt = new WebSocket(wsBase + '/api/v1/ws', ['bearer.' + token]);
  rt.onopen = () => { rt.send(JSON.stringify({ type: 'subscribe', session_id: sessionId })); setInterval(() => rt.send(JSON.stringify({ type: 'heartbeat', session_id: sessionId })), 20000); };
  rt.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === 'session.updated') showSession(m.session);
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
`;
