import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  DEVICE_CATALOG_VERSION,
  isDeviceOp,
  parseDeviceArgs,
  type DeviceArgs,
  type DeviceCommand,
  type DeviceOp,
  type DeviceResult,
} from './device-catalog';
import { sniffMedia } from './device-capabilities';
import type { DeviceDriver, DeviceSpec, DeviceType } from './driver';
import { DeviceDriverError, describeFailure } from './driver-error';
import { FrameFanout } from './video/frame-fanout';
import { liveFrameSenders } from './video/live-frames';
import { WorkerRecordings } from './video/worker-recordings';
import {
  deviceToWire,
  HEARTBEAT_INTERVAL_MS,
  INCOMPATIBLE_CATALOG_CLOSE_CODE,
  ServerMessage,
  type WorkerMessage,
} from './protocol';

export interface WorkerClientOptions {
  /** Control-plane base URL, e.g. http://127.0.0.1:8000 */
  serverUrl: string;
  token: string;
  workerId: string;
  driver: DeviceDriver;
  log?: { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void; error(o: unknown, m?: string): void };
  /** Reconnect after a lost connection (default true). */
  reconnect?: boolean;
  heartbeatMs?: number;
}

const silent = { info() {}, warn() {}, error() {} };

/** What an operation that only acts answers. */
async function done(action: Promise<void>): Promise<null> {
  await action;
  return null;
}

/** A downloaded media file is a JPEG, PNG, HEIC or MP4 by its first bytes (the control plane checked too). */
async function assertMediaFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    if (!sniffMedia(head.subarray(0, bytesRead)))
      throw new DeviceDriverError('INVALID_INPUT', 'the media file is not a JPEG, PNG, HEIC or MP4');
  } finally {
    await handle.close();
  }
}

/** What the worker does for each operation of the catalog, on one device, with checked arguments. */
type OpHandlers = { [Op in DeviceOp]: (deviceId: string, args: DeviceArgs<Op>) => Promise<DeviceResult<Op>> };

/**
 * A device worker: connects to `/api/v1/workers/connect`, says hello with the driver's devices,
 * heartbeats every 5 s, runs commands on the driver (one at a time per device, in order) and
 * pushes stream frames as binary messages. Reconnects with backoff until closed. A failed
 * command answers its driver code and client-safe message; the tool's output goes to the log.
 */
export class WorkerClient {
  private socket: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private attempt = 0;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly streaming = new Set<string>();
  /** Devices booted (or booting) by this process: what it tells the control plane it still holds. */
  private readonly booted = new Set<string>();
  /** The platform of each device this worker announced: arguments are checked for it. */
  private readonly platforms = new Map<string, DeviceType>();
  private connectedOnce: Promise<void>;
  private resolveConnected!: () => void;
  private rejectConnected!: (err: Error) => void;
  /** Whether `connectedOnce` is still waiting for its welcome (a failed attempt keeps it, so `start` still resolves). */
  private welcomePending = true;
  private readonly log;
  private readonly handlers: OpHandlers;
  private readonly frames: FrameFanout;
  private readonly recordings: WorkerRecordings;

  constructor(private readonly opts: WorkerClientOptions) {
    this.log = opts.log ?? silent;
    this.connectedOnce = this.nextWelcome();
    this.frames = new FrameFanout(opts.driver);
    this.recordings = new WorkerRecordings(this.frames, (url, file) => this.upload(url, file));
    this.handlers = this.opHandlers(opts.driver);
  }

  private nextWelcome(): Promise<void> {
    const p = new Promise<void>((resolve, reject) => {
      this.resolveConnected = resolve;
      this.rejectConnected = reject;
      this.welcomePending = true;
    });
    // A refusal rejects it; nobody may be waiting at that moment.
    p.catch(() => {});
    return p;
  }

  /** Connects and resolves once the control plane has registered the devices. */
  async start(): Promise<void> {
    this.connect();
    await this.connectedOnce;
  }

  /** Resolves at the next welcome (after a reconnect). */
  waitWelcome(): Promise<void> {
    return this.connectedOnce;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private wsUrl(): string {
    return `${this.opts.serverUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/api/v1/workers/connect`;
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.wsUrl(), {
      headers: { authorization: `Bearer ${this.opts.token}` },
      maxPayload: 64 * 1024 * 1024,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.attempt = 0;
      const hello = async (devices: DeviceSpec[]) => {
        this.platforms.clear();
        for (const d of devices) this.platforms.set(d.deviceId, d.type);
        const held = new Set(this.booted);
        for (const id of (await this.opts.driver.bootedDevices?.().catch(() => [])) ?? []) held.add(id);
        this.send({
          type: 'hello',
          worker_id: this.opts.workerId,
          driver: this.opts.driver.kind,
          catalog_version: DEVICE_CATALOG_VERSION,
          devices: devices.map(deviceToWire),
          booted: [...held],
        });
      };
      this.opts.driver.listDevices().then(hello, (err: unknown) => {
        // A host whose tools fail still registers; it offers no devices until it reconnects.
        const failure = describeFailure(err);
        this.log.error(
          { code: failure.code, err: failure.message, diagnostic: failure.diagnostic },
          'listing devices failed',
        );
        void hello([]);
      });
      this.heartbeat = setInterval(() => {
        this.send({ type: 'heartbeat', worker_id: this.opts.workerId });
      }, this.opts.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
    });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      let msg: ServerMessage;
      try {
        const parsed = ServerMessage.safeParse(JSON.parse(raw.toString()));
        if (!parsed.success)
          return this.log.warn(
            { issues: parsed.error.issues.slice(0, 3) },
            'ignored a malformed message from the control plane',
          );
        msg = parsed.data;
      } catch {
        return;
      }
      if (msg.type === 'welcome') {
        this.resolveConnected();
        this.welcomePending = false;
      } else if (msg.type === 'command') {
        const { request_id, device_id, op, args } = msg;
        const run = () => this.execute(device_id, op, args);
        // Commands on one device run in order; input and screenshots need no queue behind boots.
        const prev = this.chains.get(device_id) ?? Promise.resolve();
        const next = prev.catch(() => {}).then(run);
        this.chains.set(device_id, next);
        next.then(
          (data) => this.send({ type: 'result', request_id, ok: true, data: data ?? null }),
          (err: unknown) => {
            const failure = describeFailure(err);
            this.log.warn(
              { op, device_id, code: failure.code, err: failure.message, diagnostic: failure.diagnostic },
              'device command failed',
            );
            this.send({ type: 'result', request_id, ok: false, error: failure.message, code: failure.code });
          },
        );
      }
    });
    socket.on('close', (code, reason) => {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      if (this.socket === socket) this.socket = null;
      if (code === INCOMPATIBLE_CATALOG_CLOSE_CODE) {
        // Another catalog version: trying again would not help until one side is upgraded.
        const why = reason.toString() || `close code ${code}`;
        this.log.error({ code, reason: why }, 'the control plane refused this worker');
        this.closed = true;
        this.rejectConnected(new Error(`the control plane refused this worker: ${why}`));
        return;
      }
      if (this.closed || this.opts.reconnect === false) return;
      // A new promise only once the last one was kept: an attempt that failed before its welcome
      // leaves `start()` waiting on the same one, which the next welcome resolves.
      if (!this.welcomePending) this.connectedOnce = this.nextWelcome();
      const delay = Math.min(5000, 200 * 2 ** this.attempt++);
      // Held, not unref'd: a device host whose control plane is down keeps its process alive
      // until it reconnects or is closed (close() clears it).
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.connect();
      }, delay);
    });
    socket.on('error', (err) => this.log.warn({ err: err.message }, 'worker connection error'));
  }

  private send(msg: WorkerMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  /** Checks a command against the catalog for the device's platform, then runs it on the driver. */
  private async execute(deviceId: string, op: string, args: unknown): Promise<unknown> {
    if (!isDeviceOp(op))
      throw new DeviceDriverError('UNSUPPORTED', 'this worker does not know the requested operation');
    const platform = this.platforms.get(deviceId);
    if (!platform) throw new DeviceDriverError('UNKNOWN_DEVICE', `no device ${deviceId} on this worker`);
    return this.run(deviceId, { op, args: parseDeviceArgs(op, platform, args) });
  }

  private run<Op extends DeviceOp>(deviceId: string, command: DeviceCommand<Op>): Promise<DeviceResult<Op>> {
    return this.handlers[command.op](deviceId, command.args);
  }

  private opHandlers(d: DeviceDriver): OpHandlers {
    return {
      boot: (id) => {
        this.booted.add(id);
        return d.boot(id).catch((err: unknown) => {
          this.booted.delete(id);
          throw err;
        });
      },
      shutdown: async (id) => {
        this.booted.delete(id);
        this.streaming.delete(id);
        this.recordings.drop(id);
        await this.frames.clear(id);
        await d.shutdown(id);
        return null;
      },
      install: async (id, a) => {
        const file = await this.download(a.url, a.file_name ?? 'package');
        try {
          return await d.install(id, file, { grantPermissions: a.grant_permissions ?? true });
        } finally {
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        }
      },
      uninstall: (id, a) => done(d.uninstall(id, a.package_name)),
      launch: (id, a) => done(d.launch(id, a.package_name, { activity: a.activity_name, params: a.params })),
      terminate: (id, a) => done(d.terminate(id, a.package_name)),
      clear_data: (id, a) => done(d.clearData(id, a.package_name)),
      input: (id, event) => done(d.input(id, event)),
      rotate: (id, a) => d.rotate(id, a.rotation),
      screenshot: async (id) => {
        const f = await d.screenshot(id);
        return {
          image: f.jpeg.toString('base64'),
          width: f.screen.width,
          height: f.screen.height,
          rotation: f.screen.rotation,
          at: f.at,
        };
      },
      ui_tree: (id) => d.uiTree(id),
      list_apps: (id) => d.listApps(id),
      stream_start: (id) => {
        this.streaming.add(id);
        const live = liveFrameSenders(id, () => this.socket);
        return done(this.frames.add(id, 'live', live.onFrame, live.onVideo));
      },
      stream_stop: (id) => {
        this.streaming.delete(id);
        return done(this.frames.remove(id, 'live'));
      },
      open_url: (id, a) => done(d.openUrl(id, a.url)),
      set_location: (id, a) => done(d.setLocation(id, a)),
      set_permission: (id, a) => done(d.setPermission(id, a)),
      get_clipboard: (id) => d.getClipboard(id),
      set_clipboard: (id, a) => done(d.setClipboard(id, a.text)),
      add_media: async (id, a) => {
        const file = await this.download(a.url, a.file_name);
        try {
          await assertMediaFile(file);
          return await d.addMedia(id, file, a.file_name);
        } finally {
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        }
      },
      set_appearance: (id, a) => done(d.setAppearance(id, a.mode)),
      push: (id, a) => done(d.push(id, a)),
      set_network: (id, a) => done(d.setNetwork(id, a.mode)),
      record_start: (id, a) => this.recordings.start(id, a),
      record_stop: (id, a) => this.recordings.stop(id, a),
      read_logs: (id, a) => d.readLogs(id, a.after, a.limit),
    };
  }

  /** Downloads a package from the control plane (worker token) into a private temp dir. */
  private async download(urlPath: string, fileName: string): Promise<string> {
    const url = new URL(urlPath, this.opts.serverUrl).toString();
    const res = await fetch(url, { headers: { authorization: `Bearer ${this.opts.token}` } });
    if (!res.ok || !res.body)
      throw new DeviceDriverError(
        'WORKER_FAILED',
        `the worker could not download the package (HTTP ${res.status})`,
        `GET ${url} → ${res.status}`,
      );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-worker-'));
    const safe = path.basename(fileName).replace(/[^A-Za-z0-9._-]/g, '_') || `${randomUUID()}.bin`;
    const file = path.join(dir, safe);
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(file));
    return file;
  }

  /** Uploads a finished file to the control plane (a signed path, the worker's token). */
  private async upload(urlPath: string, filePath: string): Promise<void> {
    const url = new URL(urlPath, this.opts.serverUrl).toString();
    const size = fs.statSync(filePath).size;
    const res = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${this.opts.token}`,
        'content-type': 'video/mp4',
        'content-length': String(size),
      },
      body: Readable.toWeb(fs.createReadStream(filePath)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    });
    if (!res.ok)
      throw new DeviceDriverError('WORKER_FAILED', `the worker could not upload the recording (HTTP ${res.status})`);
  }

  /** Disconnects for good; leaves the driver to its owner. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.recordings.closeAll();
    await this.frames.closeAll();
    this.streaming.clear();
    const s = this.socket;
    this.socket = null;
    if (s && s.readyState === WebSocket.OPEN) {
      await new Promise<void>((r) => {
        s.once('close', () => r());
        s.close(1000, 'worker stopping');
        setTimeout(r, 1000).unref();
      });
    } else s?.terminate();
  }

  /** Simulates a crash: the socket drops without a goodbye and nothing reconnects. */
  kill(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.socket?.terminate();
    this.socket = null;
  }
}
