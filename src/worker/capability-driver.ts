import type { DeviceArgs, DeviceResult } from './device-catalog';

/**
 * What a driver does for the capability operations of the catalog (capability-commands.ts): deep
 * links, location, permissions, clipboard, media, appearance, notifications and the network. A
 * platform that cannot do one throws UNSUPPORTED. `resetConditions` returns location, appearance,
 * network and permissions to the device's defaults; drivers call it when a session ends.
 */
export interface CapabilityDriver {
  openUrl(deviceId: string, url: DeviceArgs<'open_url'>['url']): Promise<void>;
  setLocation(deviceId: string, location: DeviceArgs<'set_location'>): Promise<void>;
  setPermission(deviceId: string, args: DeviceArgs<'set_permission'>): Promise<void>;
  getClipboard(deviceId: string): Promise<DeviceResult<'get_clipboard'>>;
  setClipboard(deviceId: string, text: DeviceArgs<'set_clipboard'>['text']): Promise<void>;
  /** Adds a downloaded media file (already checked to be a JPEG, PNG, HEIC or MP4) to the photo library. */
  addMedia(deviceId: string, filePath: string, fileName: string): Promise<DeviceResult<'add_media'>>;
  setAppearance(deviceId: string, mode: DeviceArgs<'set_appearance'>['mode']): Promise<void>;
  push(deviceId: string, notification: DeviceArgs<'push'>): Promise<void>;
  setNetwork(deviceId: string, mode: DeviceArgs<'set_network'>['mode']): Promise<void>;
}
