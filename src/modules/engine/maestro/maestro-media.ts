import { randomUUID } from 'node:crypto';
import path from 'node:path/posix';
import type { ObjectStorage } from '../../../storage/storage';
import type { MaestroFile } from '../../catalogue';
import type { DeviceHandle } from '../../sessions';
import type { PerformedAction } from '../steps/device-actions';
import { CommandFailed } from './maestro-commands';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  heic: 'image/heic',
  mp4: 'video/mp4',
};

/** Errors of the device that are the step's failure, not the run's. */
const STEP_ERRORS = new Set(['UNPROCESSABLE', 'UNSUPPORTED', 'INVALID_INPUT']);

/**
 * `addMedia`: each file (kept with the flow at import, relative to the flow that names it) is added
 * to the device's photo library through the session device's media capability, staged in storage
 * for the device host as an uploaded file is (docs/device-capabilities.md).
 */
export async function addMedia(
  args: unknown,
  fromFile: string,
  files: Record<string, Pick<MaestroFile, 'source' | 'encoding'>>,
  deps: { storage: ObjectStorage; device: DeviceHandle; runPublicId: string },
): Promise<PerformedAction[]> {
  const o = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const list = Array.isArray(args) ? args : Array.isArray(o.files) ? o.files : [];
  const actions: PerformedAction[] = [];
  for (const entry of list) {
    const target = path.normalize(path.join(path.dirname(fromFile), String(entry)));
    const file = files[target];
    if (file?.encoding !== 'base64')
      throw new CommandFailed(`addMedia: ${String(entry)} is not among the flow's files`);
    const name = path.basename(target);
    const key = `maestro-media/${deps.runPublicId}/${randomUUID()}`;
    const ext = name.split('.').pop()!.toLowerCase();
    await deps.storage.put(key, Buffer.from(file.source, 'base64'), {
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    });
    try {
      const added = await deps.device.addMedia({ storageKey: key, fileName: name });
      actions.push({ type: 'add_media', text: added.name });
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (err instanceof Error && typeof code === 'string' && STEP_ERRORS.has(code))
        throw new CommandFailed(`addMedia: ${err.message}`);
      throw err;
    } finally {
      await deps.storage.delete(key).catch(() => {});
    }
  }
  return actions;
}
