import type { DeviceSpec, ScreenInfo } from './driver';
import type { DriverErrorCode } from './driver-error';

/**
 * The device-worker protocol (DECISIONS.md, "Device workers"), shared by the control plane and
 * the worker client. Text messages are JSON `{type, ...}`; frames are binary messages (below).
 */
export const WORKER_OPS = [
  'boot', 'shutdown', 'install', 'uninstall', 'launch', 'terminate', 'clear_data', 'input',
  'rotate', 'screenshot', 'ui_tree', 'list_apps', 'stream_start', 'stream_stop',
] as const;
export type WorkerOp = (typeof WORKER_OPS)[number];

export const HEARTBEAT_INTERVAL_MS = 5_000;
export const WORKER_LOST_AFTER_MS = 20_000;
export const COMMAND_TIMEOUT_MS = 30_000;
export const BOOT_TIMEOUT_MS = 180_000;

export type WorkerToServer =
  | { type: 'hello'; worker_id: string; driver?: string; devices: DeviceSpec[] }
  | { type: 'heartbeat'; worker_id?: string }
  | { type: 'result'; request_id: string; ok: true; data?: unknown }
  /** `error` is client-safe; `code` says why (DRIVER_ERROR_STATUS maps it to an HTTP status). */
  | { type: 'result'; request_id: string; ok: false; error: string; code?: DriverErrorCode };

export type ServerToWorker =
  | { type: 'welcome'; worker_id: string }
  | { type: 'command'; request_id: string; device_id: string; op: WorkerOp; args: Record<string, unknown> };

/** Metadata carried with each frame. */
export interface FrameMeta {
  screen: ScreenInfo;
  at: number;
  keyframe: boolean;
}

export const FRAME_VERSION = 1;

/**
 * Binary frame: [u8 version=1][u8 device id length n][n bytes device id (utf8)]
 * [u32 BE meta length m][m bytes JSON FrameMeta][JPEG bytes...].
 */
export function encodeFrame(deviceId: string, meta: FrameMeta, jpeg: Buffer): Buffer {
  const id = Buffer.from(deviceId, 'utf8');
  if (id.length > 255) throw new Error('device id too long for a frame header');
  const m = Buffer.from(JSON.stringify(meta), 'utf8');
  const head = Buffer.allocUnsafe(2 + id.length + 4);
  head.writeUInt8(FRAME_VERSION, 0);
  head.writeUInt8(id.length, 1);
  id.copy(head, 2);
  head.writeUInt32BE(m.length, 2 + id.length);
  return Buffer.concat([head, m, jpeg]);
}

export function decodeFrame(buf: Buffer): { deviceId: string; meta: FrameMeta; jpeg: Buffer } {
  if (buf.length < 6 || buf.readUInt8(0) !== FRAME_VERSION) throw new Error('unsupported frame version');
  const idLen = buf.readUInt8(1);
  const deviceId = buf.subarray(2, 2 + idLen).toString('utf8');
  const metaLen = buf.readUInt32BE(2 + idLen);
  const metaStart = 6 + idLen;
  if (metaStart + metaLen > buf.length) throw new Error('truncated frame');
  const meta = JSON.parse(buf.subarray(metaStart, metaStart + metaLen).toString('utf8')) as FrameMeta;
  return { deviceId, meta, jpeg: buf.subarray(metaStart + metaLen) };
}

export function timeoutFor(op: WorkerOp): number {
  return op === 'boot' || op === 'install' ? BOOT_TIMEOUT_MS : COMMAND_TIMEOUT_MS;
}
