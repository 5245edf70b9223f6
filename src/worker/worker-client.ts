import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { DeviceDriver, DeviceSpec, InputEvent, LaunchParams, Rotation } from './driver';
import { DeviceDriverError, describeFailure } from './driver-error';
import {
  deviceToWire,
  encodeFrame,
  HEARTBEAT_INTERVAL_MS,
  ServerMessage,
  type WorkerMessage,
  type WorkerOp,
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

function stringArg(args: Record<string, unknown>, name: string): string {
  const v = args[name];
  if (typeof v !== 'string') throw new DeviceDriverError('INVALID_INPUT', `${name} must be a string`);
  return v;
}

function optionalArg<T>(args: Record<string, unknown>, name: string, type: 'string' | 'boolean'): T | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== type) throw new DeviceDriverError('INVALID_INPUT', `${name} must be a ${type}`);
  return v as T;
}

/**
 * A device worker: connects to `/api/v1/workers/connect`, says hello with the driver's devices,
 * heartbeats every 5 s, runs commands on the driver (one at a time per device, in order) and
 * pushes stream frames as binary messages. Reconnects with backoff until closed. A failed
 * command answers its driver code and client-safe message; the tool's output goes to the log.
 */
export class WorkerClient {
  private socket: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private attempt = 0;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly streaming = new Set<string>();
  /** Devices booted (or booting) by this process: what it tells the control plane it still holds. */
  private readonly booted = new Set<string>();
  private connectedOnce: Promise<void>;
  private resolveConnected!: () => void;
  private readonly log;

  constructor(private readonly opts: WorkerClientOptions) {
    this.log = opts.log ?? silent;
    this.connectedOnce = new Promise((r) => (this.resolveConnected = r));
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
      const hello = (devices: DeviceSpec[]) =>
        this.send({
          type: 'hello',
          worker_id: this.opts.workerId,
          driver: this.opts.driver.kind,
          devices: devices.map(deviceToWire),
          booted: [...this.booted],
        });
      this.opts.driver.listDevices().then(hello, (err: unknown) => {
        // A host whose tools fail still registers; it offers no devices until it reconnects.
        const failure = describeFailure(err);
        this.log.error(
          { code: failure.code, err: failure.message, diagnostic: failure.diagnostic },
          'listing devices failed',
        );
        hello([]);
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
      } else if (msg.type === 'command') {
        const { request_id, device_id, op, args } = msg;
        const run = () => this.execute(device_id, op as WorkerOp, args ?? {});
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
    socket.on('close', () => {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      if (this.socket === socket) this.socket = null;
      if (this.closed || this.opts.reconnect === false) return;
      this.connectedOnce = new Promise((r) => (this.resolveConnected = r));
      const delay = Math.min(5000, 200 * 2 ** this.attempt++);
      setTimeout(() => this.connect(), delay).unref();
    });
    socket.on('error', (err) => this.log.warn({ err: err.message }, 'worker connection error'));
  }

  private send(msg: WorkerMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  private async execute(deviceId: string, op: WorkerOp, args: Record<string, unknown>): Promise<unknown> {
    const d = this.opts.driver;
    switch (op) {
      case 'boot':
        this.booted.add(deviceId);
        return d.boot(deviceId).catch((err: unknown) => {
          this.booted.delete(deviceId);
          throw err;
        });
      case 'shutdown':
        this.booted.delete(deviceId);
        if (this.streaming.delete(deviceId)) await d.stopStream(deviceId).catch(() => {});
        return d.shutdown(deviceId);
      case 'install': {
        const grantPermissions = optionalArg<boolean>(args, 'grant_permissions', 'boolean') ?? true;
        const file = await this.download(
          stringArg(args, 'url'),
          optionalArg<string>(args, 'file_name', 'string') ?? 'package',
        );
        try {
          return await d.install(deviceId, file, { grantPermissions });
        } finally {
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        }
      }
      case 'uninstall':
        return d.uninstall(deviceId, stringArg(args, 'package_name'));
      case 'launch':
        // The driver validates the activity and the params against its platform's rules.
        return d.launch(deviceId, stringArg(args, 'package_name'), {
          activity: optionalArg<string>(args, 'activity', 'string'),
          params: (args.params ?? undefined) as LaunchParams | undefined,
        });
      case 'terminate':
        return d.terminate(deviceId, stringArg(args, 'package_name'));
      case 'clear_data':
        return d.clearData(deviceId, stringArg(args, 'package_name'));
      case 'input':
        return d.input(deviceId, args as unknown as InputEvent);
      case 'rotate':
        return d.rotate(deviceId, args.rotation as Rotation);
      case 'screenshot': {
        const f = await d.screenshot(deviceId);
        return {
          image: f.jpeg.toString('base64'),
          width: f.screen.width,
          height: f.screen.height,
          rotation: f.screen.rotation,
          at: f.at,
        };
      }
      case 'ui_tree':
        return d.uiTree(deviceId);
      case 'list_apps':
        return d.listApps(deviceId);
      case 'stream_start':
        this.streaming.add(deviceId);
        return d.startStream(deviceId, (frame) => {
          const s = this.socket;
          if (!s || s.readyState !== WebSocket.OPEN) return;
          // Skip frames while the socket is backed up; a later frame carries the current screen.
          if (s.bufferedAmount > 8 * 1024 * 1024 && !frame.keyframe) return;
          s.send(encodeFrame(deviceId, { screen: frame.screen, at: frame.at, keyframe: frame.keyframe }, frame.jpeg), {
            binary: true,
          });
        });
      case 'stream_stop':
        this.streaming.delete(deviceId);
        return d.stopStream(deviceId);
      default:
        throw new DeviceDriverError('UNSUPPORTED', 'this worker does not know the requested operation');
    }
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

  /** Disconnects for good; leaves the driver to its owner. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const id of this.streaming) await this.opts.driver.stopStream(id).catch(() => {});
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.socket?.terminate();
    this.socket = null;
  }
}
