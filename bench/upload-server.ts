import fs from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { startBenchServer } from './harness';

/**
 * A simdeck server in its own process, so that its resident memory is measured alone. Messages:
 * 'reset' clears the peak-RSS mark (VmHWM), 'peak' answers with it in bytes (both also with the
 * process's CPU time so far and the full (mark-compact) GCs since 'reset'), 'check-installable:<path>'
 * runs install-app's package check on a file, 'stop' shuts down.
 */
const server = await startBenchServer();

let fullGcs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as unknown as { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      fullGcs++;
}).observe({ entryTypes: ['gc'] });

/** CPU time of the whole process (every thread), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function peakRss(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return Number.isFinite(kb) ? kb * 1024 : process.memoryUsage().rss;
}

process.on('message', async (msg: string) => {
  if (msg === 'reset') {
    // Writing 5 to clear_refs resets the high-water mark to the current RSS (Linux).
    try {
      fs.writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      /* not Linux: the peak then covers the whole run */
    }
    fullGcs = 0;
    process.send!({ type: 'reset', rss: process.memoryUsage().rss, cpu: cpuMs() });
  } else if (msg === 'peak') {
    // GC entries arrive after the fact: let the last ones in.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.send!({ type: 'peak', peak: peakRss(), rss: process.memoryUsage().rss, cpu: cpuMs(), fullGcs });
  } else if (msg.startsWith('check-installable:')) {
    // The check install-app runs before a package reaches a device (app model included), in this
    // server's package pool: the bench has no device host, so it asks for the check directly.
    const filePath = msg.slice('check-installable:'.length);
    try {
      await server.container.packages.checkInstallable({ filePath, fileName: 'deep.zip' });
      process.send!({ type: 'checked', status: 200 });
    } catch (err) {
      const e = err as { status?: number; detail?: string; message: string };
      process.send!({ type: 'checked', status: e.status ?? 500, detail: e.detail ?? e.message });
    }
  } else if (msg === 'stop') {
    await server.stop();
    process.exit(0);
  }
});
process.send!({ type: 'ready', url: server.url });
