import { AppError } from '../../../errors';
import type { DeviceHandle } from '../../sessions';
import type { CapabilityStep } from './interpreter';

/** What a capability step did, as a run's result lists it and a recording keeps it. */
export interface CapabilityPerformed {
  type: CapabilityStep['type'];
  url?: string;
  latitude?: number;
  longitude?: number;
  permission?: string;
  state?: string;
  mode?: string;
  text?: string;
  package_name?: string;
}

const PERMISSIONS = ['camera', 'microphone', 'location', 'photos', 'contacts', 'notifications'] as const;
type Permission = (typeof PERMISSIONS)[number];
const isPermission = (p: string | undefined): p is Permission => PERMISSIONS.includes(p as Permission);

function missing(what: string): never {
  throw new AppError('UNPROCESSABLE', `The ${what} step is missing its value`);
}

/**
 * Carries out a device capability step (from the interpreter or a recording) through the
 * session's device handle; a permission is the case's app's.
 */
export async function performCapability(
  step: CapabilityStep,
  ctx: { device: DeviceHandle; appPackage: string | null },
): Promise<CapabilityPerformed> {
  const { device } = ctx;
  switch (step.type) {
    case 'open_url': {
      const url = step.url ?? missing('open link');
      await device.capability('open_url', { url });
      return { type: 'open_url', url };
    }
    case 'set_location': {
      if (step.latitude === undefined || step.longitude === undefined) missing('location');
      await device.capability('set_location', { latitude: step.latitude, longitude: step.longitude });
      return { type: 'set_location', latitude: step.latitude, longitude: step.longitude };
    }
    case 'set_permission': {
      if (!isPermission(step.permission) || !step.state) missing('permission');
      const package_name = ctx.appPackage ?? undefined;
      await device.capability('set_permission', { package_name, permission: step.permission, state: step.state });
      return { type: 'set_permission', permission: step.permission, state: step.state, package_name };
    }
    case 'set_appearance': {
      const mode = step.mode === 'dark' || step.mode === 'light' ? step.mode : missing('appearance');
      await device.capability('set_appearance', { mode });
      return { type: 'set_appearance', mode };
    }
    case 'set_network': {
      const mode = step.mode === 'online' || step.mode === 'offline' ? step.mode : missing('network');
      await device.capability('set_network', { mode });
      return { type: 'set_network', mode };
    }
    case 'set_clipboard': {
      const text = step.text ?? missing('clipboard');
      await device.capability('set_clipboard', { text });
      return { type: 'set_clipboard', text };
    }
  }
}
