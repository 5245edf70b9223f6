import { Command } from 'commander';
import { startWorker, type DriverKind } from '../worker/main';
import { registerCreditsCommands } from './credits-commands';
import { registerWorkerTokenCommands } from './worker-token';

const program = new Command();
program.name('simdeck').description('simdeck command line');

program
  .command('worker')
  .description('Run a device worker that connects to a simdeck control plane')
  .requiredOption('--server <url>', 'control plane URL, e.g. https://simdeck.example.com')
  .option('--token <token>', 'this host\'s worker token (see `simdeck worker-token create`), or the shared WORKER_TOKEN; defaults to $WORKER_TOKEN')
  .option('--driver <driver>', 'virtual | android | ios', 'virtual')
  .option('--id <workerId>', 'worker id (default: <hostname>-<driver>)')
  .option('--devices <fleet>', 'virtual fleet, VIRTUAL_DEVICES format; defaults to $VIRTUAL_DEVICES')
  .action(async (o: { server: string; token?: string; driver: string; id?: string; devices?: string }) => {
    const token = o.token ?? process.env.WORKER_TOKEN;
    if (!token) {
      console.error('A worker token is required: --token or WORKER_TOKEN');
      process.exit(2);
    }
    if (!['virtual', 'android', 'ios'].includes(o.driver)) {
      console.error('--driver must be virtual, android or ios');
      process.exit(2);
    }
    const log = { info: (m: unknown, s?: string) => console.log(s ?? '', m), warn: (m: unknown, s?: string) => console.warn(s ?? '', m), error: (m: unknown, s?: string) => console.error(s ?? '', m) };
    const w = await startWorker({ serverUrl: o.server, token, driver: o.driver as DriverKind, workerId: o.id, virtualDevices: o.devices ?? process.env.VIRTUAL_DEVICES, log });
    console.log(`worker connected to ${o.server} with ${(await w.driver.listDevices()).length} devices`);
    const stop = async () => {
      await w.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  });

registerWorkerTokenCommands(program);
registerCreditsCommands(program);

program.parseAsync(process.argv).catch((err) => {
  console.error(err instanceof Error ? (err as { detail?: string }).detail ?? err.message : err);
  process.exit(2);
});
