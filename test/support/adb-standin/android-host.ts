import type { DeviceDriver } from '../../../src/worker/driver';
import { createAdbKit } from '../../../src/worker/drivers/adbkit-run';
import { type AndroidDriverOptions, createAndroidDriver } from '../../../src/worker/drivers/android-driver';
import { ADB_BIN, freePort, killAdbServer } from './adb-server';
import { type AdbStandin, startAdbStandin } from './index';

export interface StandinAndroidHost {
  standin: AdbStandin;
  /** The private adb server's port. */
  adbPort: number;
  driver: DeviceDriver;
  close(): Promise<void>;
}

/**
 * A stand-in device connected to a private Debian adb server (`adb connect`), and the Android
 * driver on that server: what an Android device host runs, with the device simulated. Needs adb.
 */
export async function startStandinAndroidHost(
  device: Parameters<typeof startAdbStandin>[0],
  driver: Pick<AndroidDriverOptions, 'hostSeed' | 'streamMode'>,
): Promise<StandinAndroidHost> {
  if (!ADB_BIN) throw new Error('adb is not installed');
  const standin = await startAdbStandin(device);
  const adbPort = await freePort();
  await createAdbKit({ bin: ADB_BIN, port: adbPort }).client.connect(standin.serial);
  const d = createAndroidDriver({ adb: ADB_BIN, adbServerPort: adbPort, ...driver });
  return {
    standin,
    adbPort,
    driver: d,
    close: async () => {
      await d.close();
      killAdbServer(adbPort);
      await standin.close();
    },
  };
}
