import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'simdeck.js');

/**
 * A device host started while its control plane is down (a replica restarting, as in the soak):
 * `simdeck worker` must keep trying until the control plane answers, not exit as if it were done.
 */
describe('simdeck worker with its control plane down', () => {
  it('keeps trying to connect instead of exiting', async () => {
    const port = await freePort(); // nothing listens there
    const child = spawn(
      process.execPath,
      [BIN, 'worker', '--server', `http://127.0.0.1:${port}`, '--id', 'reconnect-test', '--token', 'x'.repeat(24)],
      { env: { ...process.env, VIRTUAL_DEVICES: 'Pixel 8:android:phone:14' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const outcome = await new Promise<string>((resolve) => {
      const onData = (c: Buffer) => {
        output += c.toString();
        // A second refused attempt shows that it tried again.
        if ((output.match(/worker connection error/g) ?? []).length >= 2) resolve('retrying');
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => resolve(`exited with ${code}`));
    });
    child.kill('SIGKILL');
    expect(outcome, output).toBe('retrying');
  }, 60_000);
});
