import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, type ErrorCode } from '../../errors';
import type { DeviceSpec } from '../../worker/driver';
import type { DeviceArgs, DeviceCommand, DeviceOp, DeviceResult } from '../../worker/device-catalog';
import { DEVICE_COMMANDS } from '../../worker/device-catalog';
import { encodeFrame, timeoutFor } from '../../worker/protocol';
import { json, type ClusterBus } from '../cluster';
import type { VideoGop } from '../../worker/video/video-gop';
import { InMemoryDeviceRouter, type DeviceFrame, type FrameListener } from './worker-hub';

/** What one replica asks the replica that holds a device's worker. */
type RpcBody =
  | { kind: 'command'; command: DeviceCommand; timeoutMs: number }
  | { kind: 'frames_subscribe' }
  | { kind: 'frames_unsubscribe' };
type Rpc = RpcBody & { requestId: string; from: string; deviceId: string };
type RpcResult = { requestId: string } & ({ ok: true; data: unknown } | { ok: false; code: ErrorCode; detail: string });
/** Broadcasts every replica hears. */
type Announcement =
  | { kind: 'attach' | 'detach'; replica: string; devices: string[] }
  | { kind: 'forget_frame'; replica: string; deviceId: string }
  | { kind: 'drop_worker'; replica: string; workerId: string };

/** Removes the devices (ARGV[2..]) from the owners hash where ARGV[1] still owns them. */
const CLEAR_OWNED =
  "for i, d in ipairs(ARGV) do if i > 1 and redis.call('hget', KEYS[1], d) == ARGV[1] then redis.call('hdel', KEYS[1], d) end end";

/** Margin for the owner's answer to travel back, on top of the command's own timeout. */
const RPC_MARGIN_MS = 2_000;
const FRAMES_RPC_TIMEOUT_MS = 5_000;
const WATCHER_PRUNE_MS = 15_000;

/**
 * The device router of a replica among several (REDIS_URL set). Devices whose worker is connected
 * here are served by the in-memory router; for any other device, commands travel over Redis to
 * the replica that holds the worker's socket (the owner, recorded in a Redis hash), and frames
 * come back on a per-device channel that the owner publishes while some replica watches.
 */
export class ClusterDeviceRouter extends InMemoryDeviceRouter {
  /** Devices whose worker is connected to another replica: device → replica. */
  private readonly owners = new Map<string, string>();
  private readonly pending = new Map<
    string,
    { resolve(data: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout }
  >();
  /** This replica's viewers of devices owned elsewhere, and their last frame. */
  private readonly remoteListeners = new Map<string, Set<FrameListener>>();
  private readonly remoteFrames = new Map<string, DeviceFrame>();
  private readonly remoteGops = new Map<string, VideoGop<{ data: Buffer; keyframe: boolean; frame: DeviceFrame }>>();
  private readonly frameChannels = new Map<string, Promise<() => Promise<void>>>();
  /** As owner: the replicas watching a local device, and the listener that publishes its frames. */
  private readonly watchers = new Map<string, { replicas: Set<string>; stop: () => void }>();
  private pruning: NodeJS.Timeout | null = null;

  constructor(
    log: FastifyBaseLogger,
    private readonly bus: ClusterBus,
  ) {
    super(log);
  }

  private get ownersKey(): string {
    return this.bus.key('device-owners');
  }

  /** Subscribes to this replica's channels and loads who owns which device. */
  override async ready(): Promise<void> {
    const me = this.bus.replicaId;
    await this.bus.startHeartbeat();
    await this.bus.subscribe(`rpc:${me}`, (p) => void this.serve(json.decode<Rpc>(p)));
    await this.bus.subscribe(`rpc-result:${me}`, (p) => this.settle(json.decode<RpcResult>(p)));
    await this.bus.subscribe('devices', (p) => this.hear(json.decode<Announcement>(p)));
    this.pruning = setInterval(
      () => void this.pruneWatchers().catch((err) => this.log.warn({ err }, 'pruning frame watchers failed')),
      WATCHER_PRUNE_MS,
    );
    this.pruning.unref();
    const all = await this.bus.redis.hgetall(this.ownersKey);
    for (const [deviceId, replica] of Object.entries(all)) if (replica !== me) this.owners.set(deviceId, replica);
  }

  override attach(workerId: string, socket: WebSocket, devices: DeviceSpec[]): void {
    super.attach(workerId, socket, devices);
    const ids = devices.map((d) => d.deviceId);
    for (const id of ids) this.owners.delete(id);
    if (ids.length === 0) return;
    const entries = ids.flatMap((id) => [id, this.bus.replicaId]);
    this.bus.redis
      .hset(this.ownersKey, ...entries)
      .catch((err) => this.log.warn({ err }, 'recording device owners failed'));
    this.announce({ kind: 'attach', replica: this.bus.replicaId, devices: ids });
  }

  override detach(workerId: string, socket: WebSocket, reason?: string): void {
    const conn = this.workers.get(workerId);
    const ids = conn && conn.socket === socket ? [...conn.devices] : [];
    super.detach(workerId, socket, reason);
    const gone = ids.filter((id) => !super.isDeviceConnected(id));
    if (gone.length === 0) return;
    // Only this replica's entries go: the worker may already have reconnected elsewhere.
    this.bus.redis
      .eval(CLEAR_OWNED, 1, this.ownersKey, this.bus.replicaId, ...gone)
      .catch((err) => this.log.warn({ err }, 'clearing device owners failed'));
    for (const id of gone) this.stopWatching(id);
    this.announce({ kind: 'detach', replica: this.bus.replicaId, devices: gone });
  }

  override command<Op extends DeviceOp>(
    deviceId: string,
    op: Op,
    args: DeviceArgs<Op>,
    options: { timeoutMs?: number } = {},
  ): Promise<DeviceResult<Op>> {
    if (super.isDeviceConnected(deviceId)) return super.command(deviceId, op, args, options);
    const timeoutMs = options.timeoutMs ?? timeoutFor(op);
    const command: DeviceCommand = { op, args };
    return this.ask(deviceId, { kind: 'command', command, timeoutMs }, timeoutMs + RPC_MARGIN_MS).then((data) => {
      // The owner dropped its stale frame; so does this replica, unless its viewers get new ones.
      if (DEVICE_COMMANDS[op].changesScreen && !this.remoteListeners.has(deviceId)) this.remoteFrames.delete(deviceId);
      return this.decodeResult(deviceId, op, data);
    });
  }

  override subscribeFrames(deviceId: string, listener: FrameListener): () => void {
    if (super.isDeviceConnected(deviceId)) return super.subscribeFrames(deviceId, listener);
    let set = this.remoteListeners.get(deviceId);
    if (!set) {
      this.remoteListeners.set(deviceId, (set = new Set()));
      this.watchRemote(deviceId);
    }
    set.add(listener);
    return () => {
      const s = this.remoteListeners.get(deviceId);
      if (!s?.delete(listener) || s.size > 0) return;
      this.remoteListeners.delete(deviceId);
      this.remoteFrames.delete(deviceId);
      this.remoteGops.delete(deviceId);
      const channel = this.frameChannels.get(deviceId);
      this.frameChannels.delete(deviceId);
      void channel?.then((unsubscribe) => unsubscribe()).catch(() => {});
      this.ask(deviceId, { kind: 'frames_unsubscribe' }, FRAMES_RPC_TIMEOUT_MS).catch(() => {});
    };
  }

  override lastFrame(deviceId: string): DeviceFrame | undefined {
    return super.lastFrame(deviceId) ?? this.remoteFrames.get(deviceId);
  }

  override lastVideo(deviceId: string): DeviceFrame[] {
    const local = super.lastVideo(deviceId);
    return local.length ? local : (this.remoteGops.get(deviceId)?.replay() ?? []).map((u) => u.frame);
  }

  /** Every replica forgets the device's last frame: the next session must not see this one's screen. */
  override forgetFrame(deviceId: string): void {
    super.forgetFrame(deviceId);
    this.remoteFrames.delete(deviceId);
    this.remoteGops.delete(deviceId);
    this.announce({ kind: 'forget_frame', replica: this.bus.replicaId, deviceId });
  }

  /** The sweep that declared the worker lost may run on any replica: the one with its socket drops it. */
  override drop(workerId: string): void {
    super.drop(workerId);
    this.announce({ kind: 'drop_worker', replica: this.bus.replicaId, workerId });
  }

  override isDeviceConnected(deviceId: string): boolean {
    return super.isDeviceConnected(deviceId) || this.owners.has(deviceId);
  }

  override closeAll(): void {
    super.closeAll();
    if (this.pruning) clearInterval(this.pruning);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new AppError('UNAVAILABLE', 'The server is shutting down'));
      this.pending.delete(id);
    }
    for (const id of [...this.watchers.keys()]) this.stopWatching(id);
  }

  // ---------------------------------------------------------------- asking the owner

  private async ask(deviceId: string, body: RpcBody, timeoutMs: number): Promise<unknown> {
    const owner = this.owners.get(deviceId) ?? (await this.bus.redis.hget(this.ownersKey, deviceId));
    if (!owner || owner === this.bus.replicaId)
      throw new AppError('UNAVAILABLE', `The worker of device ${deviceId} is not connected`);
    if (!(await this.bus.isAlive(owner))) {
      // That replica stopped without clearing its devices (a crash): forget them until their
      // worker reconnects somewhere, rather than wait out a timeout.
      this.owners.delete(deviceId);
      await this.bus.redis.eval(CLEAR_OWNED, 1, this.ownersKey, owner, deviceId).catch(() => {});
      throw new AppError('UNAVAILABLE', `The worker of device ${deviceId} is not connected (its server is gone)`);
    }
    const requestId = randomUUID();
    const rpc: Rpc = { ...body, requestId, from: this.bus.replicaId, deviceId };
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new AppError(
            'TIMEOUT',
            `Device ${rpc.kind === 'command' ? rpc.command.op : rpc.kind} on ${deviceId} got no answer from its replica in ${Math.round(timeoutMs / 1000)} s`,
          ),
        );
      }, timeoutMs);
      this.pending.set(requestId, { resolve, reject, timer });
      this.bus.publish(`rpc:${owner}`, json.encode(rpc)).catch((err: Error) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        this.log.warn({ err, deviceId }, 'publishing a device command to its replica failed');
        reject(new AppError('UNAVAILABLE', `Could not reach the replica of device ${deviceId}`));
      });
    });
  }

  private settle(result: RpcResult): void {
    const p = this.pending.get(result.requestId);
    if (!p) return;
    this.pending.delete(result.requestId);
    clearTimeout(p.timer);
    if (result.ok) p.resolve(result.data);
    else p.reject(new AppError(result.code, result.detail));
  }

  /** Subscribes to the device's frame channel, then asks its owner to publish there. */
  private watchRemote(deviceId: string): void {
    const channel = this.bus.subscribe(`frames:${deviceId}`, (payload) => {
      const frame = this.decode(payload, { deviceId, via: 'cluster bus' });
      if (!frame) return;
      const f = { data: frame.data, meta: frame.meta };
      this.remember(this.remoteFrames, this.remoteGops, deviceId, f);
      this.deliver(this.remoteListeners.get(deviceId), f);
    });
    this.frameChannels.set(deviceId, channel);
    channel
      // The viewers may all have left meanwhile: then there is nothing to ask for.
      .then(() =>
        this.frameChannels.get(deviceId) === channel
          ? this.ask(deviceId, { kind: 'frames_subscribe' }, FRAMES_RPC_TIMEOUT_MS)
          : undefined,
      )
      .catch((err) => this.log.warn({ err, deviceId }, 'watching a device of another replica failed'));
  }

  // ---------------------------------------------------------------- serving other replicas

  private async serve(rpc: Rpc): Promise<void> {
    let result: RpcResult;
    try {
      if (!super.isDeviceConnected(rpc.deviceId))
        throw new AppError('UNAVAILABLE', `The worker of device ${rpc.deviceId} is not connected`);
      let data: unknown = null;
      if (rpc.kind === 'command') data = await this.sendLocal(rpc.deviceId, rpc.command, rpc.timeoutMs);
      else if (rpc.kind === 'frames_subscribe') this.addWatcher(rpc.deviceId, rpc.from);
      else this.removeWatcher(rpc.deviceId, rpc.from);
      result = { requestId: rpc.requestId, ok: true, data };
    } catch (err) {
      const known = err instanceof AppError;
      result = {
        requestId: rpc.requestId,
        ok: false,
        code: known ? err.code : 'UNAVAILABLE',
        detail: known ? err.detail : `Device command failed: ${(err as Error).message}`,
      };
    }
    this.bus.publishQuietly(`rpc-result:${rpc.from}`, json.encode(result));
  }

  /** A command another replica asked for, sent to the worker connected here; the asker decodes the answer. */
  private sendLocal<Op extends DeviceOp>(
    deviceId: string,
    command: { op: Op; args: DeviceArgs<Op> },
    timeoutMs: number,
  ): Promise<unknown> {
    return super.send(deviceId, command.op, command.args, timeoutMs);
  }

  private addWatcher(deviceId: string, replica: string): void {
    const existing = this.watchers.get(deviceId);
    if (existing) {
      existing.replicas.add(replica);
    } else {
      const publish = (f: DeviceFrame) =>
        this.bus.publishQuietly(`frames:${deviceId}`, encodeFrame(deviceId, f.meta, f.data));
      this.watchers.set(deviceId, { replicas: new Set([replica]), stop: super.subscribeFrames(deviceId, publish) });
      // The first watcher also gets the H.264 units since the last keyframe (later ones would see
      // them twice: they wait for the next keyframe).
      for (const f of super.lastVideo(deviceId)) publish(f);
    }
    // A new watcher gets the current screen at once rather than at the next change.
    const last = super.lastFrame(deviceId);
    if (last) this.bus.publishQuietly(`frames:${deviceId}`, encodeFrame(deviceId, last.meta, last.data));
  }

  private removeWatcher(deviceId: string, replica: string): void {
    const w = this.watchers.get(deviceId);
    if (!w?.replicas.delete(replica) || w.replicas.size > 0) return;
    this.stopWatching(deviceId);
  }

  /** A watching replica that stopped without saying so (a crash) must not keep frames flowing. */
  private async pruneWatchers(): Promise<void> {
    const replicas = new Set([...this.watchers.values()].flatMap((w) => [...w.replicas]));
    for (const replica of replicas) {
      if (await this.bus.isAlive(replica)) continue;
      for (const deviceId of [...this.watchers.keys()]) this.removeWatcher(deviceId, replica);
    }
  }

  private stopWatching(deviceId: string): void {
    const w = this.watchers.get(deviceId);
    if (!w) return;
    this.watchers.delete(deviceId);
    w.stop();
  }

  // ---------------------------------------------------------------- announcements

  private announce(message: Announcement): void {
    this.bus.publishQuietly('devices', json.encode(message));
  }

  private hear(message: Announcement): void {
    if (message.replica === this.bus.replicaId) return;
    switch (message.kind) {
      case 'attach':
        for (const id of message.devices) {
          this.owners.set(id, message.replica);
          // Viewers here of a device that moved to that replica follow it.
          if (this.remoteListeners.has(id))
            this.ask(id, { kind: 'frames_subscribe' }, FRAMES_RPC_TIMEOUT_MS).catch(() => {});
        }
        break;
      case 'detach':
        for (const id of message.devices) if (this.owners.get(id) === message.replica) this.owners.delete(id);
        break;
      case 'forget_frame':
        super.forgetFrame(message.deviceId);
        this.remoteFrames.delete(message.deviceId);
        break;
      case 'drop_worker':
        super.drop(message.workerId);
        break;
    }
  }
}
