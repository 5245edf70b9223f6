import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import type { UploadSource, UploadSpool } from '../../uploads/upload-receiver';
import type { CapabilityOp } from '../../worker/capability-commands';
import { checkDeviceArgs, type DeviceArgs, type DeviceResult } from '../../worker/device-catalog';
import {
  CAPABILITY_LIMITS,
  capabilitiesFor,
  deviceKindName,
  mediaNameProblem,
  sniffMedia,
  type DeviceCapability,
} from '../../worker/device-capabilities';
import { recordAudit } from '../audit';
import { findDeviceDriver } from './device-capabilities.repository';
import type {
  AppearanceBody,
  ClipboardBody,
  LocationBody,
  NetworkBody,
  OpenUrlBody,
  PermissionBody,
  PushBody,
} from './device-capabilities.schemas';
import type { DeviceHandle } from './device-handle';
import type { Session } from './sessions.schemas';
import { markUsed } from './sessions.repository';
import type { SessionsService } from './sessions.service';
import fs from 'node:fs';

export interface DeviceCapabilitiesDeps {
  sessions: SessionsService;
  spool: UploadSpool;
  storage: ObjectStorage;
}

type SessionInput<T> = { sessionId: string } & T;

/**
 * The device capabilities a test needs besides input: deep links, location, permissions,
 * clipboard, media, appearance, notifications and the network. Who controls the session may use
 * them; each checks that the device kind offers the capability (409 naming the kind otherwise),
 * goes through the session's device handle (bounded by the catalog's timeout), is audited and
 * counts as use of the session.
 */
export class DeviceCapabilitiesService {
  constructor(private readonly deps: DeviceCapabilitiesDeps) {}

  /** What the session's device supports (the session object's `capabilities`). */
  async listCapabilities({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<DeviceCapability[]> {
    const row = await this.deps.sessions.loadSession({ ctx, input });
    if (!row.deviceId) return [];
    return capabilitiesFor(await findDeviceDriver(ctx.db, row.deviceId), row.deviceType);
  }

  /** The session with the capabilities of its device (empty while it holds none). */
  async describeSession({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<Session> {
    const session = await this.deps.sessions.getSession({ ctx, input });
    return { ...session, capabilities: await this.listCapabilities({ ctx, input }) };
  }

  openUrl({ ctx, input }: { ctx: Ctx; input: SessionInput<OpenUrlBody> }) {
    const scheme = input.url.slice(0, input.url.indexOf(':')).toLowerCase();
    return this.act(ctx, input.sessionId, 'open_url', 'open_url', { url: input.url }, { scheme });
  }

  setLocation({ ctx, input }: { ctx: Ctx; input: SessionInput<LocationBody> }) {
    const { latitude, longitude } = input;
    return this.act(ctx, input.sessionId, 'location', 'set_location', { latitude, longitude }, {});
  }

  setPermission({ ctx, input }: { ctx: Ctx; input: SessionInput<PermissionBody> }) {
    const { package_name, permission, state } = input;
    return this.act(
      ctx,
      input.sessionId,
      'permissions',
      'set_permission',
      { package_name, permission, state },
      {
        package_name: package_name ?? null,
        permission,
        state,
      },
    );
  }

  async getClipboard({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }) {
    const r = await this.act(ctx, input.sessionId, 'clipboard', 'get_clipboard', {}, { read: true });
    return { text: r.text };
  }

  setClipboard({ ctx, input }: { ctx: Ctx; input: SessionInput<ClipboardBody> }) {
    const bytes = Buffer.byteLength(input.text, 'utf8');
    return this.act(ctx, input.sessionId, 'clipboard', 'set_clipboard', { text: input.text }, { bytes });
  }

  setAppearance({ ctx, input }: { ctx: Ctx; input: SessionInput<AppearanceBody> }) {
    return this.act(ctx, input.sessionId, 'appearance', 'set_appearance', { mode: input.mode }, { mode: input.mode });
  }

  sendPush({ ctx, input }: { ctx: Ctx; input: SessionInput<PushBody> }) {
    const { title, body, data, package_name } = input;
    return this.act(
      ctx,
      input.sessionId,
      'push',
      'push',
      { title, body, data, package_name },
      {
        package_name: package_name ?? null,
      },
    );
  }

  setNetwork({ ctx, input }: { ctx: Ctx; input: SessionInput<NetworkBody> }) {
    return this.act(ctx, input.sessionId, 'network', 'set_network', { mode: input.mode }, { mode: input.mode });
  }

  /**
   * Adds an uploaded photo or video (JPEG, PNG, HEIC or MP4 by its first bytes, at most 100 MB) to
   * the device's library. The file is spooled, checked, staged in storage for the worker and removed.
   */
  async addMedia({ ctx, input }: { ctx: Ctx; input: { sessionId: string; source: UploadSource } }) {
    const { device } = await this.device(ctx, input.sessionId, 'media');
    const upload = await input.source(this.deps.spool);
    const key = `session-media/${device.sessionId}/${randomUUID()}`;
    try {
      if (upload.size > CAPABILITY_LIMITS.mediaBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', 'file: larger than the 100 MB media limit');
      const name = mediaFileName(upload.fileName);
      const kind = sniffMedia(await readHead(upload.tempPath));
      if (!kind) throw new AppError('BAD_REQUEST', 'file: not a JPEG, PNG, HEIC or MP4 image or video');
      const problem = mediaNameProblem(name, 'file');
      if (problem) throw new AppError('BAD_REQUEST', problem);
      await this.deps.storage.putFile(key, upload.tempPath);
      const added = await device.addMedia({ storageKey: key, fileName: name });
      await this.record(ctx, device, 'media', { name: added.name, kind, bytes: upload.size });
      return { status: 'ok' as const, name: added.name };
    } finally {
      await upload.discard();
      await this.deps.storage.delete(key).catch(() => {});
    }
  }

  /** The session's device, once the caller controls it and its kind offers `capability` (409 otherwise). */
  private async device(
    ctx: Ctx,
    sessionId: string,
    capability: DeviceCapability,
  ): Promise<{ device: DeviceHandle; driver: string | null }> {
    const device = await this.deps.sessions.attach({ ctx, input: { sessionId } });
    const driver = await findDeviceDriver(ctx.db, device.deviceId);
    if (!capabilitiesFor(driver, device.platform).includes(capability))
      throw new AppError(
        'CONFLICT',
        `UNSUPPORTED: ${deviceKindName(driver, device.platform)} does not support ${capability.replace('_', ' ')}`,
        { code: 'UNSUPPORTED' },
      );
    return { device, driver };
  }

  private async act<Op extends Exclude<CapabilityOp, 'add_media'>>(
    ctx: Ctx,
    sessionId: string,
    capability: DeviceCapability,
    op: Op,
    args: DeviceArgs<Op>,
    details: Record<string, unknown>,
  ): Promise<DeviceResult<Op> & { status: 'ok' }> {
    const { device, driver } = await this.device(ctx, sessionId, capability);
    // Bad values are the caller's: 400 with the rule's sentence, before anything reaches the device.
    const checked = checkDeviceArgs(op, device.platform, args);
    if (!checked.ok) throw badRequest(checked.problem);
    const missing = packageNeeded(op, args, driver, device.platform);
    if (missing) throw badRequest(missing);
    const result = await device.capability(op, checked.args);
    await this.record(ctx, device, capability, details);
    return { ...(result ?? {}), status: 'ok' } as DeviceResult<Op> & { status: 'ok' };
  }

  private async record(ctx: Ctx, device: DeviceHandle, capability: string, details: Record<string, unknown>) {
    await recordAudit(ctx, {
      action: 'session.device_capability',
      resourceType: 'session',
      resourceId: device.sessionId,
      details: { capability, ...details },
    });
    await markUsed(ctx.db, { sessionIds: [device.sessionId] }, ctx.clock.now());
  }
}

/** Why a command needs the app named on this kind of device (Android permissions, iOS grants and pushes), or null. */
function packageNeeded(op: CapabilityOp, args: unknown, driver: string | null, platform: string): string | null {
  const a = args as { package_name?: string; state?: string };
  if (a.package_name !== undefined || driver === 'virtual') return null;
  if (op === 'set_permission' && (platform === 'android' || a.state !== 'reset'))
    return `package_name: required to ${a.state === 'reset' ? 'reset' : 'grant or deny'} a permission on ${deviceKindName(driver, platform === 'ios' ? 'ios' : 'android')}`;
  if (op === 'push' && platform === 'ios') return 'package_name: required to send a notification to an iOS simulator';
  return null;
}

/** The upload's base name, as the device library shows it. */
function mediaFileName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').trim();
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
