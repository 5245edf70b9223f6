import type { DeviceDriver } from '../driver';
import { createAndroidDriver, type AndroidDriverOptions } from './android-driver';
import { createIosDriver, type IosDriverOptions } from './ios-driver';
import { createVirtualDriver, type VirtualDriverOptions } from './virtual-driver';

export type DriverKind = 'virtual' | 'android' | 'ios';

/** Creates the driver a worker runs with (`virtual` is the default; see docs/virtual-devices.md). */
export function createDriver(
  kind: DriverKind,
  options: { virtual?: VirtualDriverOptions; android?: AndroidDriverOptions; ios?: IosDriverOptions } = {},
): DeviceDriver {
  switch (kind) {
    case 'virtual':
      return createVirtualDriver(options.virtual);
    case 'android':
      return createAndroidDriver(options.android);
    case 'ios':
      return createIosDriver(options.ios);
  }
}

export { createAndroidDriver, createIosDriver, createVirtualDriver };
export { idbCompanionSettings } from './idb-companions';
