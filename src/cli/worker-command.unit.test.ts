import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { freePort } from '../db/embedded';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'simdeck.js');

/**
 * A device host started while its control plane is down (a replica restarting, as in the soak):
 * `simdeck worker` must keep trying until the control plane answers, not exit as if it were done.
 */
describe('simdeck worker with its control plane down', () => {
  it('keeps trying to connect instead of exiting, and is connected once the control plane answers', async () => {
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
    expect(outcome, output).toBe('retrying');
    // The control plane comes up: a stand-in that welcomes the worker's hello.
    const server = new WebSocketServer({ host: '127.0.0.1', port, path: '/api/v1/workers/connect' });
    server.on('connection', (socket) =>
      socket.on('message', (raw) => {
        const msg = JSON.parse(raw.toString());
        if (msg.type === 'hello') socket.send(JSON.stringify({ type: 'welcome', worker_id: msg.worker_id }));
      }),
    );
    try {
      const connected = await new Promise<string>((resolve) => {
        const check = () => output.includes('worker connected to') && resolve('connected');
        check();
        child.stdout.on('data', check);
        child.once('exit', (code) => resolve(`exited with ${code}`));
      });
      expect(connected, output).toBe('connected');
    } finally {
      child.kill('SIGKILL');
      server.close();
    }
  }, 60_000);
});
