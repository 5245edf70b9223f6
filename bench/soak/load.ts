import WebSocket from 'ws';
import { jitter, sleep, type SoakClient } from './client';
import type { Recorder } from './recorder';
import { PLATFORM_MODEL, type SoakAccount } from './setup';

const TERMINAL = ['passed', 'failed', 'error', 'cancelled'];

/** What the load did, for the report and the invariants. */
export interface LoadStats {
  apiCalls: number;
  sessionsStarted: number;
  sessionsQueued: string[];
  streams: StreamRecord[];
  frames: number;
  controls: number;
  ciRuns: Array<{ id: string; kind: 'suite' | 'ai'; status: string | null; error: string | null }>;
}

/** A stream socket of a live session and when the session was seen to end. */
export interface StreamRecord {
  sessionId: string;
  ws: WebSocket;
  endedAt: number | null;
  closedAt: number | null;
}

export function newStats(): LoadStats {
  return { apiCalls: 0, sessionsStarted: 0, sessionsQueued: [], streams: [], frames: 0, controls: 0, ciRuns: [] };
}

/**
 * One of the API clients: reads and writes across the account, the catalogue, apps, devices,
 * sessions and credit, with a second or so between calls, until `stop` is set.
 */
export async function apiClient(a: SoakAccount, stats: LoadStats, stop: () => boolean): Promise<void> {
  const c = a.client;
  const actions: Array<() => Promise<unknown>> = [
    () => c.call('GET', '/organizations/', '/organizations/'),
    () => c.call('GET', '/apps/', '/apps/'),
    () => c.call('GET', '/apps/{id}', `/apps/${a.appId}`),
    () => c.call('GET', '/tests/suites', '/tests/suites'),
    () => c.call('GET', '/tests/suites/{id}', `/tests/suites/${a.suiteId}`),
    () => c.call('GET', '/devices/', '/devices/'),
    () => c.call('GET', '/sessions/', '/sessions/?limit=20'),
    () => c.call('GET', '/credits/balance', '/credits/balance'),
    () => c.call('GET', '/credits/ledger', '/credits/ledger'),
    () => c.call('GET', '/tests/cases', '/tests/cases'),
    () =>
      c.call('PATCH', '/tests/suites/{id}', `/tests/suites/${a.suiteId}`, {
        description: `soak ${Math.random().toString(36).slice(2)}`,
      }),
    async () => {
      const made = await c.call('POST', '/tests/cases', '/tests/cases', {
        name: `Scratch ${Math.random().toString(36).slice(2)}`,
        app_id: a.appId,
        steps: ['Tap Sign in'],
      });
      if (made.status === 200) await c.call('DELETE', '/tests/cases/{id}', `/tests/cases/${made.json.public_id}`);
    },
    async () => {
      // A session asked for and given up at once, or after a short wait in the queue.
      const s = await c.call('POST', '/sessions/', '/sessions/', { device_type: 'android', device_category: 'phone' });
      if (s.status !== 200) return;
      const started = await c.call('POST', '/sessions/{id}/start', `/sessions/${s.json.session_id}/start`);
      if (started.status === 202) stats.sessionsQueued.push(s.json.session_id);
      await sleep(jitter(200, 2000));
      await c.call('DELETE', '/sessions/{id}', `/sessions/${s.json.session_id}`);
    },
  ];
  while (!stop()) {
    await actions[Math.floor(Math.random() * actions.length)]!();
    stats.apiCalls++;
    await sleep(jitter(500, 1500));
  }
}

/**
 * A live session: started, watched over the stream socket, driven with taps and drags. When the
 * session ends under it (its device was lost), a new one is started. At `stop` it is ended.
 */
export async function liveSession(
  a: SoakAccount,
  urls: () => string[],
  stats: LoadStats,
  rec: Recorder,
  stop: () => boolean,
): Promise<void> {
  const c = a.client;
  while (!stop()) {
    const s = await c.call('POST', '/sessions/', '/sessions/', { device_type: 'android', device_category: 'phone' });
    if (s.status !== 200) {
      await sleep(1000);
      continue;
    }
    const id = s.json.session_id as string;
    const started = await c.call('POST', '/sessions/{id}/start', `/sessions/${id}/start`);
    if (started.status === 202) stats.sessionsQueued.push(id);
    let status = '';
    while (!stop()) {
      status = (await c.call('GET', '/sessions/{id}', `/sessions/${id}`)).json?.status ?? '';
      if (status === 'active' || status === 'failed' || status === 'stopped') break;
      await sleep(500);
    }
    if (status !== 'active') {
      await c.call('DELETE', '/sessions/{id}', `/sessions/${id}`);
      continue;
    }
    stats.sessionsStarted++;
    const list = urls();
    const url = list[Math.floor(Math.random() * list.length)]!;
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sessions/${id}/stream?token=${c.token}`);
    const record: StreamRecord = { sessionId: id, ws, endedAt: null, closedAt: null };
    stats.streams.push(record);
    ws.on('message', (_d, binary) => {
      if (binary) stats.frames++;
    });
    ws.on('close', () => (record.closedAt = Date.now()));
    ws.on('error', () => {});
    let ended = false;
    while (!stop() && !ended) {
      await sleep(jitter(500, 1200));
      const x = Math.round(jitter(100, 900));
      const y = Math.round(jitter(300, 1800));
      const moves =
        Math.random() < 0.5
          ? [{ action: 'tap', x, y }]
          : [
              { action: 'touch_start', x, y },
              { action: 'touch_move', x, y: y - 150 },
              { action: 'touch_move', x, y: y - 300 },
              { action: 'touch_end', x, y: y - 300 },
            ];
      for (const m of moves) {
        const r = await c.call('POST', '/sessions/{id}/control', `/sessions/${id}/control`, m);
        stats.controls++;
        if (r.status >= 400 && r.status < 500) {
          const now = await c.call('GET', '/sessions/{id}', `/sessions/${id}`);
          if (now.json?.status === 'failed' || now.json?.status === 'stopped') ended = true;
          break;
        }
      }
      // The server closed the socket (its replica stopped, or the session ended): look again.
      if (record.closedAt && !ended) {
        const now = await c.call('GET', '/sessions/{id}', `/sessions/${id}`);
        if (now.json?.status !== 'active') ended = true;
        else break; // still active: end it and start over with a new session and socket
      }
    }
    if (ended) rec.note(`live session ${id.slice(0, 8)} ended under its viewer`);
    await c.call('DELETE', '/sessions/{id}', `/sessions/${id}`);
    record.endedAt = Date.now();
    if (!record.closedAt && ws.readyState !== WebSocket.OPEN && ws.readyState !== WebSocket.CONNECTING)
      record.closedAt = Date.now();
  }
}

/** Runs one CI run to its end (polling its status); returns the final payload's status and error. */
async function untilEnded(c: SoakClient, runId: string, until: () => boolean): Promise<[string | null, string | null]> {
  for (;;) {
    const p = await c.call('GET', '/ci/runs/{id}', `/ci/runs/${runId}`);
    if (p.status === 200 && TERMINAL.includes(p.json.status)) return [p.json.status, p.json.error_message];
    if (until()) return [p.json?.status ?? null, 'still not ended at the end of the drain'];
    await sleep(2000);
  }
}

/** Suite runs of the account's ten-case suite through CI, one after another, until `stop`. */
export async function suiteRuns(
  a: SoakAccount,
  stats: LoadStats,
  stop: () => boolean,
  drained: () => boolean,
): Promise<void> {
  while (!stop()) {
    const r = await a.client.call('POST', '/ci/run-suite', '/ci/run-suite', { suite_id: a.suiteId, mode: 'ai' });
    if (r.status !== 200) {
      await sleep(2000);
      continue;
    }
    const entry = { id: r.json.run_id as string, kind: 'suite' as const, status: null as string | null, error: null };
    stats.ciRuns.push(entry);
    [entry.status, entry.error] = (await untilEnded(a.client, entry.id, drained)) as [string, null];
  }
}

/** Runs of a case on the platform model (each step one billed model call), one after another. */
export async function aiRuns(
  a: SoakAccount,
  stats: LoadStats,
  stop: () => boolean,
  drained: () => boolean,
): Promise<void> {
  while (!stop()) {
    const r = await a.client.call('POST', '/ci/run-test', '/ci/run-test', {
      test_id: a.aiCaseId,
      mode: 'ai',
      model: PLATFORM_MODEL,
    });
    if (r.status !== 200) {
      await sleep(2000);
      continue;
    }
    const entry = { id: r.json.run_id as string, kind: 'ai' as const, status: null as string | null, error: null };
    stats.ciRuns.push(entry);
    [entry.status, entry.error] = (await untilEnded(a.client, entry.id, drained)) as [string, null];
  }
}
