import { useEffect, useRef } from 'react';
import { authStore } from '../auth/auth-store';

/** Messages the API's real-time channel (`/api/v1/ws`) sends. */
export type RealtimeMessage =
  | { type: 'session.updated'; session: import('../api/types').Session }
  | { type: 'queue.updated'; queue_entry_id: number; session_id: string; position: number }
  | { type: 'session.apps'; session_id: string; apps: Array<{ package_name: string; name: string; version: string }> }
  | { type: 'session.ending'; session_id: string; reason: string; in_seconds: number; message?: string | null }
  | { type: 'session.screenshot'; session_id: string; image: string }
  | {
      type: 'run.progress';
      session_id?: string;
      run_public_id: string;
      step_index: number;
      status: string;
      message: string;
    }
  | {
      type: 'run.started';
      run_public_id: string;
      test_case_public_id: string;
      session_id: string;
      suite_run_public_id: string | null;
    }
  | {
      type: 'run.step';
      run_public_id: string;
      step_index: number;
      text: string;
      status: 'passed' | 'failed' | 'skipped';
      resolved_by: string | null;
    }
  | {
      type: 'run.finished';
      run_public_id: string;
      status: string;
      error_message: string | null;
      visual_regression_status: string | null;
    }
  | { type: 'error'; session_id?: string; detail: string }
  | { type: 'subscribed' | 'unsubscribed' | 'heartbeat.ack'; session_id: string };

type Listener = (m: RealtimeMessage) => void;

/**
 * One WebSocket to /api/v1/ws per signed-in tab, shared by every page: subscriptions are counted
 * per session and sent again after a reconnect; the token travels as the `bearer.<token>`
 * subprotocol (browsers cannot set headers on a WebSocket).
 */
class RealtimeChannel {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly subscriptions = new Map<string, number>();
  private retry = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Signing out (or in as someone else) closes the socket of the previous token at once.
    authStore.subscribe(() => {
      if (authStore.token() === this.token) return;
      this.close();
      if (authStore.token() && (this.listeners.size > 0 || this.subscriptions.size > 0)) this.ensureOpen();
    });
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    this.ensureOpen();
    return () => this.listeners.delete(listener);
  }

  subscribe(sessionId: string): () => void {
    this.subscriptions.set(sessionId, (this.subscriptions.get(sessionId) ?? 0) + 1);
    this.ensureOpen();
    if (this.subscriptions.get(sessionId) === 1) this.send({ type: 'subscribe', session_id: sessionId });
    return () => {
      const n = (this.subscriptions.get(sessionId) ?? 1) - 1;
      if (n > 0) return void this.subscriptions.set(sessionId, n);
      this.subscriptions.delete(sessionId);
      this.send({ type: 'unsubscribe', session_id: sessionId });
    };
  }

  heartbeat(sessionId: string): void {
    this.send({ type: 'heartbeat', session_id: sessionId });
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private ensureOpen(): void {
    const token = authStore.token();
    if (!token) {
      this.close();
      return;
    }
    if (this.socket && this.token === token && this.socket.readyState <= WebSocket.OPEN) return;
    this.close();
    this.token = token;
    const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/v1/ws`, [`bearer.${token}`]);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      for (const id of this.subscriptions.keys()) this.send({ type: 'subscribe', session_id: id });
    };
    socket.onmessage = (ev) => {
      let message: RealtimeMessage;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      for (const l of this.listeners) l(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size === 0 && this.subscriptions.size === 0) return;
      const delay = Math.min(10_000, 500 * 2 ** this.retry++);
      this.reconnectTimer = setTimeout(() => this.ensureOpen(), delay);
    };
  }

  private close(): void {
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}

export const realtime = new RealtimeChannel();

/** Calls `onMessage` for every organization-wide message (runs starting, their steps, their ends). */
export function useOrganizationChannel(onMessage: Listener): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => realtime.listen((m) => handler.current(m)), []);
}

/** Calls `onMessage` for every real-time message about `sessionId` while the component is mounted. */
export function useSessionChannel(sessionId: string | null | undefined, onMessage: Listener): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!sessionId) return;
    const stopListening = realtime.listen((m) => {
      const about = 'session' in m ? m.session.session_id : 'session_id' in m ? m.session_id : undefined;
      if (about === sessionId) handler.current(m);
    });
    const unsubscribe = realtime.subscribe(sessionId);
    return () => {
      unsubscribe();
      stopListening();
    };
  }, [sessionId]);
}
