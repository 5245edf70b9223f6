import { Command, CommanderError } from 'commander';
import type { DriverKind } from '../worker/main';
import { registerAppCommands } from './commands/apps';
import { registerAuthCommands } from './commands/auth';
import { registerMcpCommand } from './commands/mcp';
import { registerMaestroCommands } from './commands/maestro';
import { registerRunCommands } from './commands/run';
import { registerSessionCommands } from './commands/sessions';
import { registerSuiteCommands } from './commands/suites';
import { registerCaseCommands } from './commands/cases';
import { registerCreditsCommands } from './credits-commands';
import { describeError, EXIT } from './output';
import { registerWorkerTokenCommands } from './worker-token';

const program = new Command();
program
  .name('simdeck')
  .description(
    'simdeck from the terminal and from CI: devices, sessions, apps, suites and runs over the API; an MCP server for coding agents',
  )
  .showHelpAfterError('(add --help for usage)')
  // Usage mistakes exit 2 like every other error (commander prints the message itself).
  .exitOverride()
  .addHelpText(
    'after',
    `
Log in once (or set SIMDECK_URL and SIMDECK_TOKEN, which override the stored login):
  $ simdeck login --url https://simdeck.example.com --token tok_1f2e3d4c
  $ simdeck run suite suite_abc --wait --junit simdeck.xml
Every command takes --json for machine output. Exit codes: 0 ok (run passed), 1 run failed, 2 error or run cancelled.`,
  );

program.commandsGroup('Account:');
registerAuthCommands(program);
program.commandsGroup('Devices and sessions:');
registerSessionCommands(program);
program.commandsGroup('Apps, suites and runs:');
registerAppCommands(program);
registerSuiteCommands(program);
registerCaseCommands(program);
registerRunCommands(program);
registerMaestroCommands(program);
program.commandsGroup('Coding agents:');
registerMcpCommand(program);

program.commandsGroup('Operator commands (on the server host, with its database):');
program
  .command('worker')
  .description('Run a device worker that connects to a simdeck control plane')
  .requiredOption('--server <url>', 'control plane URL, e.g. https://simdeck.example.com')
  .option(
    '--token <token>',
    "this host's worker token (see `simdeck worker-token create`), or the shared WORKER_TOKEN; defaults to $WORKER_TOKEN",
  )
  .option('--driver <driver>', 'virtual | android | ios', 'virtual')
  .option('--id <workerId>', 'worker id (default: <hostname>-<driver>)')
  .option('--devices <fleet>', 'virtual fleet, VIRTUAL_DEVICES format; defaults to $VIRTUAL_DEVICES')
  .addHelpText(
    'after',
    '\nExamples:\n  $ simdeck worker --server https://simdeck.example.com --token wt_… --driver android\n  $ simdeck worker --server http://127.0.0.1:8080 --driver virtual --devices "android:phone:Pixel 8:14"',
  )
  .action(async (o: { server: string; token?: string; driver: string; id?: string; devices?: string }) => {
    const token = o.token ?? process.env.WORKER_TOKEN;
    if (!token) {
      console.error('A worker token is required: --token or WORKER_TOKEN');
      process.exit(EXIT.error);
    }
    if (!['virtual', 'android', 'ios'].includes(o.driver)) {
      console.error('--driver must be virtual, android or ios');
      process.exit(EXIT.error);
    }
    // Loaded here: the drivers pull in image and device tooling the API commands never need.
    const { startWorker } = await import('../worker/main');
    const log = {
      info: (m: unknown, s?: string) => console.log(s ?? '', m),
      warn: (m: unknown, s?: string) => console.warn(s ?? '', m),
      error: (m: unknown, s?: string) => console.error(s ?? '', m),
    };
    const w = await startWorker({
      serverUrl: o.server,
      token,
      driver: o.driver as DriverKind,
      workerId: o.id,
      virtualDevices: o.devices ?? process.env.VIRTUAL_DEVICES,
      log,
    });
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
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : EXIT.error);
  console.error(`error: ${describeError(err)}`);
  process.exit(EXIT.error);
});
