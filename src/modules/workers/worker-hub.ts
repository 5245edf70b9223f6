import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors';
import type { DeviceSpec } from '../../worker/driver';
import { DRIVER_ERROR_STATUS, isDriverErrorCode } from '../../worker/driver-error';
import {
  checkDeviceResult,
  DEVICE_COMMANDS,
  type DeviceArgs,
  type DeviceOp,
  type DeviceResult,
} from '../../worker/device-catalog';
import { commandMessage, decodeFrame, timeoutFor, type FrameMeta } from '../../worker/protocol';
import { VideoGop } from '../../worker/video/video-gop';

/** A JPEG picture, or an H.264 access unit when `meta.codec` is `h264`. */
export interface DeviceFrame {
  data: Buffer;
  meta: FrameMeta;
}
export type FrameListener = (frame: DeviceFrame) => void;

/**
 * Routes commands to the worker that holds a device and fans frames out to subscribers.
 * This in-memory implementation serves one control-plane replica; with several replicas,
 * ClusterDeviceRouter (cluster-router.ts) forwards commands and frames over Redis to the replica
 * that holds the worker's socket.
 */
export interface DeviceRouter {
  /**
   * Sends an operation of the device-command catalog to the device's worker; resolves with the
   * result as the catalog types it (a result of another shape is an upstream error).
   */
  command<Op extends DeviceOp>(
    deviceId: string,
    op: Op,
    args: DeviceArgs<Op>,
    options?: { timeoutMs?: number },
  ): Promise<DeviceResult<Op>>;
  /** Subscribes to a device's frames; the first subscriber starts the stream, the last one stops it. */
  subscribeFrames(deviceId: string, listener: FrameListener): () => void;
  /** The device's last JPEG frame. */
  lastFrame(deviceId: string): DeviceFrame | undefined;
  /** The H.264 units since the device's last keyframe (empty when it streams none). */
  lastVideo(deviceId: string): DeviceFrame[];
  isDeviceConnected(deviceId: string): boolean;
  connectedWorkers(): string[];
}

interface Pending {
  resolve(data: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  op: DeviceOp;
  deviceId: string;
}

interface WorkerConn {
  workerId: string;
  socket: WebSocket;
  devices: Set<string>;
  pending: Map<string, Pending>;
}

export class InMemoryDeviceRouter implements DeviceRouter {
  protected readonly workers = new Map<string, WorkerConn>();
  private readonly deviceToWorker = new Map<string, string>();
  private readonly listeners = new Map<string, Set<FrameListener>>();
  private readonly frames = new Map<string, DeviceFrame>();
  private readonly gops = new Map<string, VideoGop<{ data: Buffer; keyframe: boolean; frame: DeviceFrame }>>();

  constructor(protected readonly log: FastifyBaseLogger) {}

  /** Ready at once: everything is in this process (the cluster router subscribes to Redis here). */
  async ready(): Promise<void> {}

  /** A worker said hello on `socket`; an older connection of the same worker is replaced. */
  attach(workerId: string, socket: WebSocket, devices: DeviceSpec[]): void {
    const old = this.workers.get(workerId);
    if (old && old.socket !== socket) {
      this.detach(workerId, old.socket, 'replaced by a new connection');
      old.socket.close(4000, 'replaced');
    }
    const conn: WorkerConn = { workerId, socket, devices: new Set(devices.map((d) => d.deviceId)), pending: new Map() };
    this.workers.set(workerId, conn);
    for (const d of devices) this.deviceToWorker.set(d.deviceId, workerId);
    // Streams that had viewers before the worker (re)connected resume.
    for (const d of devices) {
      if (this.listeners.get(d.deviceId)?.size)
        this.command(d.deviceId, 'stream_start', {}).catch((err) =>
          this.log.warn({ err, deviceId: d.deviceId }, 'stream_start after reconnect failed'),
        );
    }
  }

  /** The socket closed or was replaced: pending commands fail at once. */
  detach(workerId: string, socket: WebSocket, reason = 'worker disconnected'): void {
    const conn = this.workers.get(workerId);
    if (!conn || conn.socket !== socket) return;
    this.workers.delete(workerId);
    for (const d of conn.devices) if (this.deviceToWorker.get(d) === workerId) this.deviceToWorker.delete(d);
    for (const [id, p] of conn.pending) {
      clearTimeout(p.timer);
      p.reject(new AppError('UNAVAILABLE', `The device's worker is not reachable (${reason}) during ${p.op}`));
      conn.pending.delete(id);
    }
  }

  /** Forgets a worker the sweep declared lost; closes its socket if it is still half-open. */
  drop(workerId: string): void {
    const conn = this.workers.get(workerId);
    if (!conn) return;
    this.detach(workerId, conn.socket, 'worker lost');
    conn.socket.terminate();
  }

  onResult(
    workerId: string,
    msg: { request_id: string; ok: boolean; data?: unknown; error?: string; code?: string },
  ): void {
    const conn = this.workers.get(workerId);
    const p = conn?.pending.get(msg.request_id);
    if (!conn || !p) return;
    conn.pending.delete(msg.request_id);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg.data);
    else p.reject(commandFailure(p.op, msg));
  }

  onBinary(workerId: string, buf: Buffer): void {
    const frame = this.decode(buf, { workerId });
    if (!frame || this.deviceToWorker.get(frame.deviceId) !== workerId) return;
    const f = { data: frame.data, meta: frame.meta };
    this.remember(this.frames, this.gops, frame.deviceId, f);
    this.deliver(this.listeners.get(frame.deviceId), f);
  }

  /** Keeps a device's last JPEG frame, or adds an H.264 unit to its group of pictures. */
  protected remember(
    frames: Map<string, DeviceFrame>,
    gops: Map<string, VideoGop<{ data: Buffer; keyframe: boolean; frame: DeviceFrame }>>,
    deviceId: string,
    f: DeviceFrame,
  ): void {
    if (f.meta.codec !== 'h264') {
      frames.set(deviceId, f);
      return;
    }
    let gop = gops.get(deviceId);
    if (!gop) gops.set(deviceId, (gop = new VideoGop()));
    gop.push({ data: f.data, keyframe: f.meta.keyframe, frame: f });
  }

  /** A binary frame as workers (and replicas) send it; undefined, and a warning, when it is not one. */
  protected decode(buf: Buffer, from: Record<string, string>): ReturnType<typeof decodeFrame> | undefined {
    try {
      return decodeFrame(buf);
    } catch (err) {
      this.log.warn({ err, ...from }, 'bad device frame');
      return undefined;
    }
  }

  /** Hands a frame to each listener; one that throws does not keep it from the others. */
  protected deliver(listeners: Iterable<FrameListener> | undefined, frame: DeviceFrame): void {
    for (const l of listeners ?? []) {
      try {
        l(frame);
      } catch (err) {
        this.log.warn({ err }, 'frame listener failed');
      }
    }
  }

  command<Op extends DeviceOp>(
    deviceId: string,
    op: Op,
    args: DeviceArgs<Op>,
    options: { timeoutMs?: number } = {},
  ): Promise<DeviceResult<Op>> {
    return this.send(deviceId, op, args, options.timeoutMs ?? timeoutFor(op)).then((data) =>
      this.decodeResult(deviceId, op, data),
    );
  }

  /** The result of `op` as the catalog types it; a worker that answers another shape is an upstream error. */
  protected decodeResult<Op extends DeviceOp>(deviceId: string, op: Op, data: unknown): DeviceResult<Op> {
    const checked = checkDeviceResult(op, data);
    if (checked.ok) return checked.result;
    this.log.warn({ deviceId, op, problem: checked.problem }, 'a worker answered with a result of another shape');
    throw new AppError('UPSTREAM_ERROR', `Device ${op} failed: the worker answered with an unexpected result`);
  }

  /**
   * Sends a command to the worker connected here and resolves with its raw answer. After a command
   * that changes the screen, a cached frame no viewer refreshes no longer shows the device.
   */
  protected send<Op extends DeviceOp>(
    deviceId: string,
    op: Op,
    args: DeviceArgs<Op>,
    timeoutMs: number,
  ): Promise<unknown> {
    const workerId = this.deviceToWorker.get(deviceId);
    const conn = workerId ? this.workers.get(workerId) : undefined;
    if (!conn) return Promise.reject(new AppError('UNAVAILABLE', `The worker of device ${deviceId} is not connected`));
    const requestId = randomUUID();
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        conn.pending.delete(requestId);
        reject(
          new AppError(
            'TIMEOUT',
            `Device command ${op} on ${deviceId} timed out after ${Math.round(timeoutMs / 1000)} s`,
          ),
        );
      }, timeoutMs);
      const done = (data: unknown) => {
        if (DEVICE_COMMANDS[op].changesScreen && !this.listeners.get(deviceId)?.size) {
          this.frames.delete(deviceId);
          this.gops.delete(deviceId);
        }
        resolve(data);
      };
      conn.pending.set(requestId, { resolve: done, reject, timer, op, deviceId });
      conn.socket.send(JSON.stringify(commandMessage(requestId, deviceId, op, args)), (err) => {
        if (!err) return;
        clearTimeout(timer);
        conn.pending.delete(requestId);
        this.log.warn({ err, deviceId, op }, 'sending a device command failed');
        reject(new AppError('UNAVAILABLE', `Could not reach the worker of device ${deviceId}`));
      });
    });
  }

  subscribeFrames(deviceId: string, listener: FrameListener): () => void {
    let set = this.listeners.get(deviceId);
    if (!set) this.listeners.set(deviceId, (set = new Set()));
    set.add(listener);
    if (set.size === 1)
      this.command(deviceId, 'stream_start', {}).catch((err) =>
        this.log.warn({ err, deviceId }, 'stream_start failed'),
      );
    return () => {
      const s = this.listeners.get(deviceId);
      if (!s?.delete(listener)) return;
      if (s.size === 0) {
        this.listeners.delete(deviceId);
        this.command(deviceId, 'stream_stop', {}).catch(() => {});
      }
    };
  }

  lastFrame(deviceId: string): DeviceFrame | undefined {
    return this.frames.get(deviceId);
  }

  lastVideo(deviceId: string): DeviceFrame[] {
    return (this.gops.get(deviceId)?.replay() ?? []).map((u) => u.frame);
  }

  /** A device's screen was reset (session ended): its cached frame is stale. */
  forgetFrame(deviceId: string): void {
    this.frames.delete(deviceId);
    this.gops.delete(deviceId);
  }

  isDeviceConnected(deviceId: string): boolean {
    const w = this.deviceToWorker.get(deviceId);
    return !!w && this.workers.has(w);
  }

  connectedWorkers(): string[] {
    return [...this.workers.keys()];
  }

  closeAll(): void {
    for (const conn of [...this.workers.values()]) {
      this.detach(conn.workerId, conn.socket, 'server shutting down');
      conn.socket.close(1001, 'server shutting down');
    }
  }
}

/**
 * A failed result as the API reports it: the driver's code keeps its meaning (busy 409, gone 503,
 * timeout 504, bad arguments 422, tool failure 502); the worker's message is client-safe by
 * contract and is cut to a sentence's length.
 */
function commandFailure(op: DeviceOp, msg: { error?: string; code?: string }): AppError {
  const text = (msg.error ?? 'unknown error').slice(0, 500);
  const code = isDriverErrorCode(msg.code) ? DRIVER_ERROR_STATUS[msg.code] : 'UPSTREAM_ERROR';
  return new AppError(code, `Device ${op} failed: ${text}`);
}
