import os from 'node:os';
import path from 'node:path';
import type { Container } from '../../container';
import { startWorker } from '../../worker/main';

/**
 * The embedded default: a virtual-device worker in this process that connects over the real
 * worker protocol to the local server (`address` as returned by listen).
 */
export async function startInProcessWorker(c: Container, address: string) {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '::' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  const w = await startWorker({
    serverUrl: url.origin,
    token: c.secrets.workerToken,
    driver: 'virtual',
    workerId: `in-process-${os.hostname()}`,
    virtualDevices: c.config.workers.virtualDevices,
    dataDir: path.join(c.config.dataDir, 'worker'),
    log: c.log,
  });
  c.log.info({ devices: (await w.driver.listDevices()).length }, 'in-process virtual worker connected');
  return w;
}
