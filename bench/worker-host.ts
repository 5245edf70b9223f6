import { startWorker } from '../src/worker/main';

/**
 * A device host in its own process, as `simdeck worker --driver virtual` runs one: the sessions
 * benchmark starts it pinned to one core, so its figures are per core of the host. argv: server
 * URL, worker token, worker id, VIRTUAL_DEVICES-style fleet, data directory. Stops on 'stop'.
 */
const [serverUrl, token, workerId, virtualDevices, dataDir] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const worker = await startWorker({ serverUrl, token, workerId, driver: 'virtual', virtualDevices, dataDir });

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

process.on('message', async (msg: string) => {
  if (msg === 'cpu') process.send!({ type: 'cpu', seconds: cpuSeconds() });
  else if (msg === 'stop') {
    await worker.stop();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
