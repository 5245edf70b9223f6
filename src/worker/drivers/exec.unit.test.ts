import { describe, expect, it } from 'vitest';
import { execRun, runTool, runToolText } from './exec';

describe('running device tools', () => {
  it('a tool past its time limit is TIMEOUT, named by tool and action only', async () => {
    const err = await runTool(execRun, {
      tool: 'adb',
      action: 'wait-for-device',
      cmd: '/bin/sh',
      args: ['-c', 'sleep 5'],
      timeoutMs: 200,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TIMEOUT', message: 'adb wait-for-device did not finish in time' });
    expect((err as { diagnostic: string }).diagnostic).toContain('/bin/sh -c sleep 5 → timed out');
  });

  it('a failing tool is TOOL_FAILED, or what its classifier recognises, with the output kept for the log', async () => {
    const call = {
      tool: 'adb',
      action: 'pm clear',
      cmd: '/bin/sh',
      args: ['-c', 'echo "error: device offline on host-9:/secret" >&2; exit 3'],
    };
    const plain = await runToolText(execRun, call).catch((e: unknown) => e);
    expect(plain).toMatchObject({ code: 'TOOL_FAILED', message: 'adb pm clear failed' });
    expect((plain as { diagnostic: string }).diagnostic).toContain('exit 3: error: device offline on host-9:/secret');
    const classified = await runToolText(execRun, {
      ...call,
      classify: (out) => (/offline/.test(out) ? { code: 'DEVICE_OFFLINE', message: 'the device is offline' } : null),
    }).catch((e: unknown) => e);
    expect(classified).toMatchObject({ code: 'DEVICE_OFFLINE', message: 'the device is offline' });
    await expect(runToolText(execRun, { ...call, args: ['-c', 'printf ok'] })).resolves.toBe('ok');
  });

  it('a missing tool is named by its file name, not its path', async () => {
    await expect(execRun('/opt/sdk/platform-tools/no-such-adb', [])).rejects.toMatchObject({
      code: 'TOOL_FAILED',
      message: 'no-such-adb is not installed on the device host',
    });
  });
});
