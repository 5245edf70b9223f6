import type { WebSocket } from 'ws';
import { json, type ClusterBus } from '../cluster';

export type RealtimeMessage =
  | { type: 'session.updated'; session: unknown }
  | { type: 'queue.updated'; queue_entry_id: number; session_id: string; position: number }
  | { type: 'session.apps'; session_id: string; apps: Array<{ package_name: string; name: string; version: string }> }
  | { type: 'session.ending'; session_id: string; reason: string; in_seconds: number; message: string | null }
  | { type: 'session.screenshot'; session_id: string; image: string }
  | {
      type: 'session.log';
      session_id: string;
      lines: Array<{ seq: number; at: string; level: string; source: string; tag: string; message: string }>;
    }
  | {
      type: 'app.crashed';
      session_id: string;
      run_public_id: string | null;
      step_index: number | null;
      package_name: string;
      message: string;
    }
  | { type: 'run.progress'; run_public_id: string; step_index: number; status: string; message: string }
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
      status: string;
      resolved_by: string | null;
    }
  | {
      type: 'run.finished';
      run_public_id: string;
      status: string;
      error_message: string | null;
      visual_regression_status: string | null;
    }
  | { type: 'suite_run.updated'; suite_run_public_id: string; status: string }
  | { type: 'ci_run.updated'; run_id: string; status: string; phase: string };

interface Subscriber {
  socket: WebSocket;
  organizationId: number;
}

/** What replicas tell each other: a message for a session's subscribers or an organization's sockets, or a session's streams' end. */
type RelayBody =
  | ({ sessionId: string } & ({ kind: 'publish'; message: RealtimeMessage } | { kind: 'close_streams' }))
  | { kind: 'publish_org'; organizationId: number; message: RealtimeMessage };
type Relayed = RelayBody & { from: string };

/**
 * The `/api/v1/ws` fan-out: sockets subscribe to sessions of their own organization and receive
 * the messages published for them. Subscribers are held per replica; with a cluster bus
 * (REDIS_URL), `publish` and `closeStreams` reach the subscribers and viewers of every replica.
 */
export class RealtimeHub {
  private readonly bySession = new Map<string, Set<Subscriber>>();
  /** Every open /ws socket of an organization, for organization-wide events (runs). */
  private readonly byOrganization = new Map<number, Set<WebSocket>>();
  /** Viewers connected to a session's stream: a connected tab counts as use. */
  private readonly streamViewers = new Map<string, Set<() => void>>();
  /** In-process listeners (a CI run waiting for its session or run), keyed `s:<session>` / `o:<org>`. */
  private readonly watchers = new Map<string, Set<(message: RealtimeMessage) => void>>();

  constructor(private readonly bus?: ClusterBus) {}

  /** Starts hearing the other replicas (no-op without a cluster bus). */
  async ready(): Promise<void> {
    const bus = this.bus;
    if (!bus) return;
    await bus.subscribe('realtime', (payload) => {
      const relayed = json.decode<Relayed>(payload);
      if (relayed.from === bus.replicaId) return;
      if (relayed.kind === 'publish') this.deliver(relayed.sessionId, relayed.message);
      else if (relayed.kind === 'publish_org') this.deliverToOrganization(relayed.organizationId, relayed.message);
      else this.closeLocalStreams(relayed.sessionId);
    });
  }

  subscribe(sessionId: string, socket: WebSocket, organizationId: number): () => void {
    let set = this.bySession.get(sessionId);
    if (!set) this.bySession.set(sessionId, (set = new Set()));
    const sub = { socket, organizationId };
    set.add(sub);
    return () => {
      const s = this.bySession.get(sessionId);
      s?.delete(sub);
      if (s && s.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** A /ws socket hears its organization's events until the returned function is called. */
  joinOrganization(socket: WebSocket, organizationId: number): () => void {
    let set = this.byOrganization.get(organizationId);
    if (!set) this.byOrganization.set(organizationId, (set = new Set()));
    set.add(socket);
    return () => {
      const s = this.byOrganization.get(organizationId);
      s?.delete(socket);
      if (s && s.size === 0) this.byOrganization.delete(organizationId);
    };
  }

  /** An event for every connected socket of the organization, on every replica. */
  publishToOrganization(organizationId: number, message: RealtimeMessage): void {
    this.deliverToOrganization(organizationId, message);
    this.relay({ kind: 'publish_org', organizationId, message });
  }

  /** Hears every message published for the session, from any replica, until the returned function is called. */
  watchSession(sessionId: string, listener: (message: RealtimeMessage) => void): () => void {
    return this.watch(`s:${sessionId}`, listener);
  }

  /** Hears every organization-wide message (runs, CI runs), from any replica. */
  watchOrganization(organizationId: number, listener: (message: RealtimeMessage) => void): () => void {
    return this.watch(`o:${organizationId}`, listener);
  }

  private watch(key: string, listener: (message: RealtimeMessage) => void): () => void {
    let set = this.watchers.get(key);
    if (!set) this.watchers.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      const s = this.watchers.get(key);
      s?.delete(listener);
      if (s && s.size === 0) this.watchers.delete(key);
    };
  }

  private notifyWatchers(key: string, message: RealtimeMessage): void {
    for (const listener of [...(this.watchers.get(key) ?? [])]) listener(message);
  }

  private deliverToOrganization(organizationId: number, message: RealtimeMessage): void {
    this.notifyWatchers(`o:${organizationId}`, message);
    const s = this.byOrganization.get(organizationId);
    if (!s) return;
    const text = JSON.stringify(message);
    for (const socket of s) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  unsubscribeSocket(sessionId: string, socket: WebSocket): void {
    const s = this.bySession.get(sessionId);
    if (!s) return;
    for (const sub of s) if (sub.socket === socket) s.delete(sub);
    if (s.size === 0) this.bySession.delete(sessionId);
  }

  publish(sessionId: string, message: RealtimeMessage): void {
    this.deliver(sessionId, message);
    this.relay({ sessionId, kind: 'publish', message });
  }

  private relay(body: RelayBody): void {
    if (this.bus) this.bus.publishQuietly('realtime', json.encode({ ...body, from: this.bus.replicaId }));
  }

  private deliver(sessionId: string, message: RealtimeMessage): void {
    this.notifyWatchers(`s:${sessionId}`, message);
    const s = this.bySession.get(sessionId);
    if (!s) return;
    const text = JSON.stringify(message);
    for (const sub of s) if (sub.socket.readyState === sub.socket.OPEN) sub.socket.send(text);
  }

  /** The sessions sockets of this replica are subscribed to. */
  subscribedSessions(): string[] {
    return [...this.bySession.keys()];
  }

  subscriberCount(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Registers a stream viewer; `end` closes it when the session ends. Returns the removal. */
  addStreamViewer(sessionId: string, end: () => void = () => {}): () => void {
    let set = this.streamViewers.get(sessionId);
    if (!set) this.streamViewers.set(sessionId, (set = new Set()));
    set.add(end);
    return () => {
      const s = this.streamViewers.get(sessionId);
      s?.delete(end);
      if (s && s.size === 0) this.streamViewers.delete(sessionId);
    };
  }

  /** The session ended: its viewers must not see the device's next session. */
  closeStreams(sessionId: string): void {
    this.closeLocalStreams(sessionId);
    this.relay({ sessionId, kind: 'close_streams' });
  }

  private closeLocalStreams(sessionId: string): void {
    for (const end of [...(this.streamViewers.get(sessionId) ?? [])]) end();
    this.streamViewers.delete(sessionId);
  }

  /** Sessions with at least one connected stream viewer on this replica. */
  sessionsWithViewers(): string[] {
    return [...this.streamViewers.keys()];
  }
}
