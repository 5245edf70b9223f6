import fs from 'node:fs';
import type { CapabilityDriver } from '../capability-driver';
import {
  assertCapabilityArg,
  clipboardProblem,
  locationProblem,
  mediaNameProblem,
  pushProblem,
  sniffMedia,
  urlProblem,
} from '../device-capabilities';
import { assertPackageName } from '../device-asserts';
import { DeviceDriverError } from '../driver-error';
import type { VirtualDevice } from '../../virtual/virtual-device';

/** The device capabilities of the virtual driver: each changes the virtual device's conditions. */
export function virtualCapabilities(
  get: (deviceId: string) => VirtualDevice,
  booted: (deviceId: string) => VirtualDevice,
): CapabilityDriver {
  return {
    async openUrl(deviceId, url) {
      assertCapabilityArg(urlProblem(url));
      booted(deviceId).openUrl(url);
    },
    async setLocation(deviceId, { latitude, longitude }) {
      assertCapabilityArg(locationProblem(latitude, longitude));
      booted(deviceId).setCondition({ latitude, longitude });
    },
    async setPermission(deviceId, { package_name, permission, state }) {
      const d = booted(deviceId);
      if (package_name !== undefined) assertPackageName(d.spec.type, package_name);
      d.setPermission(package_name, permission, state);
    },
    async getClipboard(deviceId) {
      return { text: booted(deviceId).conditions.values.clipboard };
    },
    async setClipboard(deviceId, text) {
      assertCapabilityArg(clipboardProblem(text));
      booted(deviceId).setCondition({ clipboard: text });
    },
    async addMedia(deviceId, filePath, fileName) {
      assertCapabilityArg(mediaNameProblem(fileName));
      const d = booted(deviceId);
      const handle = await fs.promises.open(filePath, 'r');
      const head = Buffer.alloc(16);
      try {
        await handle.read(head, 0, 16, 0);
      } finally {
        await handle.close();
      }
      const kind = sniffMedia(head);
      if (!kind) throw new DeviceDriverError('INVALID_INPUT', 'the media file is not a JPEG, PNG, HEIC or MP4');
      d.addMedia(fileName, kind);
      return { name: fileName };
    },
    async setAppearance(deviceId, mode) {
      booted(deviceId).setCondition({ appearance: mode });
    },
    async push(deviceId, n) {
      assertCapabilityArg(pushProblem(n));
      const d = booted(deviceId);
      if (n.package_name !== undefined) assertPackageName(d.spec.type, n.package_name);
      d.push({ title: n.title, body: n.body, data: n.data ?? {}, packageName: n.package_name });
    },
    async setNetwork(deviceId, mode) {
      get(deviceId);
      booted(deviceId).setCondition({ online: mode === 'online' });
    },
  };
}
