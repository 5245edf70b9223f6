import os from 'node:os';
import path from 'node:path';
import type { DeviceDriver } from './driver';
import { WorkerClient } from './worker-client';

import type { DriverKind } from './drivers/index';
export type { DriverKind };

export interface WorkerRunOptions {
  serverUrl: string;
  token: string;
  driver: DriverKind;
  workerId?: string;
  /** VIRTUAL_DEVICES-style fleet for the virtual driver. */
  virtualDevices?: string;
  dataDir?: string;
  log?: ConstructorParameters<typeof WorkerClient>[0]['log'];
}

/** Builds the driver a worker runs on this host (virtual, android via adb, ios via simctl + idb). */
export async function createDriver(
  kind: DriverKind,
  opts: { virtualDevices?: string; dataDir?: string; hostSeed?: string; log?: WorkerRunOptions['log'] },
): Promise<DeviceDriver> {
  const { createDriver: create, idbCompanionSettings } = await import('./drivers/index');
  return create(kind, {
    virtual: { devices: opts.virtualDevices, dataDir: opts.dataDir, hostSeed: opts.hostSeed },
    ios:
      kind === 'ios'
        ? {
            ...idbCompanionSettings(process.env),
            // An iOS stream that leaves idb's video for screenshots (or comes back) is worth a log line,
            // and so is input that leaves the companion for idb ui processes.
            onStreamSource: (udid, source, reason) => opts.log?.info({ udid, source, reason }, 'ios stream source'),
            onInputPath: (udid, via, reason) =>
              via === 'cli'
                ? opts.log?.warn({ udid, via, reason }, 'ios input through idb ui processes')
                : opts.log?.info({ udid, via, reason }, 'ios input through the idb companion'),
          }
        : undefined,
    // Where an Android device's UI tree comes from (UiAutomator2 server or the dump fallback), once.
    android: {
      onUiTreeSource: (serial, source, reason) =>
        source === 'dump'
          ? opts.log?.warn({ serial, source, reason }, 'android ui tree source')
          : opts.log?.info({ serial, source, reason }, 'android ui tree source'),
      // Where input goes when minitouch cannot run (the UiAutomator2 server, or `input`), once.
      onInputSource: (serial, source, reason) =>
        source === 'input'
          ? opts.log?.warn({ serial, source, reason }, 'android input source')
          : opts.log?.info({ serial, source, reason }, 'android input source'),
    },
  });
}

/** Starts a worker: driver + protocol client. Resolves once the control plane registered it. */
export async function startWorker(
  opts: WorkerRunOptions,
): Promise<{ client: WorkerClient; driver: DeviceDriver; stop(): Promise<void> }> {
  const workerId = opts.workerId ?? `${os.hostname()}-${opts.driver}`;
  const driver = await createDriver(opts.driver, {
    virtualDevices: opts.virtualDevices,
    dataDir: opts.dataDir ?? path.join(os.tmpdir(), `simdeck-worker-${workerId}`),
    hostSeed: workerId,
    log: opts.log,
  });
  const client = new WorkerClient({ serverUrl: opts.serverUrl, token: opts.token, workerId, driver, log: opts.log });
  await client.start();
  return {
    client,
    driver,
    async stop() {
      await client.close();
      await driver.close();
    },
  };
}
