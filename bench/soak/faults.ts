import { sleep } from './client';
import type { FlakyReceiver } from './receiver';
import type { Recorder } from './recorder';
import { untilHealthy, type Topology } from './topology';

/**
 * The fault schedule, as fractions of the run so that a short run (SOAK_MINUTES=1) injects every
 * fault too; each fault's absolute duration is the issue's, capped to a share of the run.
 */
export interface Fault {
  name: string;
  /** When it starts, as a fraction of the load phase. */
  at: number;
  run(t: Topology, rec: Recorder, runMs: number): Promise<void>;
}

/** A fault's duration: `ms`, but at most `share` of the run. */
const capped = (ms: number, share: number, runMs: number) => Math.round(Math.min(ms, share * runMs));
/** How long after a fault ends its window stays open: the system's time to notice and recover. */
const settle = (runMs: number) => capped(20_000, 0.08, runMs);

export function faultSchedule(receiver: FlakyReceiver): Fault[] {
  return [
    {
      name: 'webhook receiver down',
      at: 0.12,
      async run(_t, rec, runMs) {
        // Delivery failures do not reach API clients: no window for the API figures.
        rec.note('fault: webhook receiver down');
        await receiver.down();
        await sleep(capped(60_000, 0.12, runMs));
        await receiver.start();
        rec.note('fault over: webhook receiver up');
      },
    },
    {
      name: 'kill -9 of the device worker',
      at: 0.25,
      async run(t, rec, runMs) {
        const over = rec.fault('kill -9 of the device worker', settle(runMs));
        await t.worker.kill9();
        await sleep(capped(10_000, 0.05, runMs));
        t.worker.restart();
        // Recovered once the new worker process has registered its devices.
        await t.untilWorkerConnected();
        over();
      },
    },
    {
      name: 'kill -9 of a replica',
      at: 0.4,
      async run(t, rec, runMs) {
        const replica = t.replicas[1]!;
        const over = rec.fault('kill -9 of replica-2', settle(runMs));
        await replica.proc.kill9();
        await sleep(capped(10_000, 0.05, runMs));
        replica.proc.restart();
        await untilHealthy(replica.url);
        over();
      },
    },
    {
      name: 'PostgreSQL stopped',
      at: 0.55,
      async run(t, rec, runMs) {
        const over = rec.fault('PostgreSQL stopped', settle(runMs));
        await t.stopPostgres();
        await sleep(capped(5_000, 0.04, runMs));
        await t.startPostgres();
        for (const r of t.replicas) await untilHealthy(r.url);
        over();
      },
    },
    {
      name: 'Redis restarted',
      at: 0.7,
      async run(t, rec, runMs) {
        const over = rec.fault('Redis restarted', settle(runMs));
        await t.redis.kill9();
        await sleep(500);
        t.redis.restart();
        // Recovered once every replica has written its heartbeat again and resubscribed.
        await t.untilRedisRecovered();
        over();
      },
    },
  ];
}
