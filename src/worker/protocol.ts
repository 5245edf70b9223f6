import { z } from 'zod';
import { DEVICE_COMMANDS, type DeviceArgs, type DeviceOp } from './device-catalog';
import { ScreenInfoSchema } from './device-schemas';
import type { DeviceSpec } from './driver';

/**
 * The device-worker protocol (docs/design/0013-device-worker-protocol.md), shared by the control plane and
 * the worker client. Text messages are JSON `{type, ...}`; frames are binary messages (below).
 * The operations a command may carry, their arguments and results, are the device-command
 * catalog's (device-catalog.ts).
 */

export const HEARTBEAT_INTERVAL_MS = 5_000;
/**
 * The close code with which the control plane refuses a worker that speaks another version of
 * the device-command catalog; the reason says which. The worker gives up rather than reconnect.
 */
export const INCOMPATIBLE_CATALOG_CLOSE_CODE = 4010;
export const WORKER_LOST_AFTER_MS = 20_000;

const Id = z.string().min(1).max(200);

/** A device as workers announce it: one naming case on the wire (snake_case), like every field. */
export const WireDevice = z.object({
  device_id: Id,
  name: z.string().min(1).max(200),
  model: z.string().min(1).max(200),
  type: z.enum(['ios', 'android']),
  category: z.enum(['phone', 'tablet', 'tv']),
  os_version: z.string().min(1).max(50),
});
export type WireDevice = z.infer<typeof WireDevice>;

export function deviceToWire(d: DeviceSpec): WireDevice {
  return {
    device_id: d.deviceId,
    name: d.name,
    model: d.model,
    type: d.type,
    category: d.category,
    os_version: d.osVersion,
  };
}

export function deviceFromWire(d: WireDevice): DeviceSpec {
  return {
    deviceId: d.device_id,
    name: d.name,
    model: d.model,
    type: d.type,
    category: d.category,
    osVersion: d.os_version,
  };
}

/** Messages a worker sends; both ends validate with these schemas. */
export const WorkerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    worker_id: Id,
    driver: z.string().max(50).optional(),
    /**
     * The DEVICE_CATALOG_VERSION the worker speaks. Workers from before the catalog send none;
     * the control plane refuses a worker whose version is not its own.
     */
    catalog_version: z.number().int().min(0).max(1_000_000).optional(),
    devices: z.array(WireDevice).max(1000),
    /**
     * The devices this worker process has booted (or is booting) for a session. With it, the
     * control plane ends the sessions on this worker's other devices at once: the worker started
     * afresh and no longer holds them. A worker that omits it keeps them until it goes silent.
     */
    booted: z.array(Id).max(1000).optional(),
  }),
  z.object({ type: z.literal('heartbeat'), worker_id: Id.optional() }),
  z.object({
    type: z.literal('result'),
    request_id: z.string().min(1).max(100),
    ok: z.boolean(),
    data: z.unknown().optional(),
    /** Client-safe text of a failure; `code` says why (DRIVER_ERROR_STATUS maps it to an HTTP status). */
    error: z.string().max(2000).optional(),
    code: z.string().max(50).optional(),
  }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessage>;

/**
 * Messages the control plane sends to a worker. A command's op and args are checked by the worker
 * against the catalog (the args for the device's platform); an op it does not know is answered
 * with UNSUPPORTED rather than never.
 */
export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), worker_id: Id }),
  z.object({
    type: z.literal('command'),
    request_id: z.string().min(1).max(100),
    device_id: Id,
    op: z.string().min(1).max(50),
    args: z.unknown(),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** A command as the control plane sends it: an operation of the catalog with its arguments. */
export function commandMessage<Op extends DeviceOp>(
  requestId: string,
  deviceId: string,
  op: Op,
  args: DeviceArgs<Op>,
): ServerMessage {
  return { type: 'command', request_id: requestId, device_id: deviceId, op, args };
}

/**
 * Metadata carried with each frame; the receiver checks it like any message. `codec: 'h264'`: the
 * payload is one H.264 access unit (Annex B; a keyframe begins with SPS/PPS), not a JPEG.
 * `video: 'h264'` on a JPEG frame: the device also streams H.264 (this picture is decoded from it).
 */
export const FrameMeta = z.object({
  screen: ScreenInfoSchema,
  at: z.number(),
  keyframe: z.boolean(),
  codec: z.literal('h264').optional(),
  video: z.literal('h264').optional(),
});
export type FrameMeta = z.infer<typeof FrameMeta>;

export const FRAME_VERSION = 1;

/**
 * Binary frame: [u8 version=1][u8 device id length n][n bytes device id (utf8)]
 * [u32 BE meta length m][m bytes JSON FrameMeta][payload: JPEG, or H.264 when meta.codec says so].
 */
export function encodeFrame(deviceId: string, meta: FrameMeta, payload: Buffer): Buffer {
  const id = Buffer.from(deviceId, 'utf8');
  if (id.length > 255) throw new Error('device id too long for a frame header');
  const m = Buffer.from(JSON.stringify(meta), 'utf8');
  const head = Buffer.allocUnsafe(2 + id.length + 4);
  head.writeUInt8(FRAME_VERSION, 0);
  head.writeUInt8(id.length, 1);
  id.copy(head, 2);
  head.writeUInt32BE(m.length, 2 + id.length);
  return Buffer.concat([head, m, payload]);
}

export function decodeFrame(buf: Buffer): { deviceId: string; meta: FrameMeta; data: Buffer } {
  if (buf.length < 6 || buf.readUInt8(0) !== FRAME_VERSION) throw new Error('unsupported frame version');
  const idLen = buf.readUInt8(1);
  const deviceId = buf.subarray(2, 2 + idLen).toString('utf8');
  const metaLen = buf.readUInt32BE(2 + idLen);
  const metaStart = 6 + idLen;
  if (metaStart + metaLen > buf.length) throw new Error('truncated frame');
  const meta = FrameMeta.safeParse(JSON.parse(buf.subarray(metaStart, metaStart + metaLen).toString('utf8')));
  if (!meta.success) throw new Error('bad frame metadata');
  return { deviceId, meta: meta.data, data: buf.subarray(metaStart + metaLen) };
}

/** The catalog's timeout of an operation. */
export function timeoutFor(op: DeviceOp): number {
  return DEVICE_COMMANDS[op].timeoutMs;
}
