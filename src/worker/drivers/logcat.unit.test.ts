import { describe, expect, it } from 'vitest';
import type { Run } from './exec';
import { AdbHost } from './adb-host';
import { AndroidLogs, findLogcatCrashes, logcatArgs, parseLogcatThreadtime } from './logcat';

/** Captured from `adb logcat -d -v threadtime -v epoch` on an API 34 emulator (trimmed). */
const CAPTURED = `--------- beginning of main
1764167771.101  1612  1640 I ActivityManager: Start proc 4242:dev.simdeck.sample/u0a190 for next-top-activity {dev.simdeck.sample/dev.simdeck.sample.MainActivity}
1764167771.350  4242  4242 I SampleApp: Screen shown: signin
1764167771.360   911   911 D SurfaceFlinger: some chatter nobody asked for
1764167772.002   777   790 E netd    : DnsTlsTransport: connect failed
1764167773.500  4242  4242 W SampleApp: token tok_abcdefghijklmnopqrstuvwxyz in a warning
--------- beginning of crash
1764167774.000  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main
1764167774.000  4242  4242 E AndroidRuntime: Process: dev.simdeck.sample, PID: 4242
1764167774.000  4242  4242 E AndroidRuntime: java.lang.IllegalStateException: settings unavailable
1764167774.000  4242  4242 E AndroidRuntime: 	at dev.simdeck.sample.Settings.open(Settings.java:42)
1764167774.010  1612  2001 I ActivityManager: Process dev.simdeck.sample (pid 4242) has died: fg  TOP
`;

describe('android logs through logcat', () => {
  it('parses threadtime lines (epoch and month-day stamps) and skips the rest', () => {
    const lines = parseLogcatThreadtime(CAPTURED);
    expect(lines).toHaveLength(10);
    expect(lines[1]).toEqual({
      at: 1764167771350,
      pid: 4242,
      tid: 4242,
      level: 'info',
      tag: 'SampleApp',
      message: 'Screen shown: signin',
    });
    expect(lines[3]!.tag).toBe('netd');
    const dated = parseLogcatThreadtime('11-26 14:36:11.123  1234  1250 F libc    : Fatal signal 11 (SIGSEGV)\n', 2026);
    expect(dated).toEqual([
      {
        at: Date.UTC(2026, 10, 26, 14, 36, 11, 123),
        pid: 1234,
        tid: 1250,
        level: 'fatal',
        tag: 'libc',
        message: 'Fatal signal 11 (SIGSEGV)',
      },
    ]);
  });

  it("finds the app's FATAL EXCEPTION (the exception is the message), not another package's, and a bare process death", () => {
    const lines = parseLogcatThreadtime(CAPTURED);
    const crashes = findLogcatCrashes(lines, 'dev.simdeck.sample');
    expect(crashes).toHaveLength(1);
    expect(crashes[0]!.message).toBe('java.lang.IllegalStateException: settings unavailable');
    expect(crashes[0]!.excerpt[0]).toBe('FATAL EXCEPTION: main');
    expect(crashes[0]!.excerpt).toContain('\tat dev.simdeck.sample.Settings.open(Settings.java:42)');
    expect(findLogcatCrashes(lines, 'com.other')).toEqual([]);
    const died = parseLogcatThreadtime(
      '1764167780.000  1612  2001 I ActivityManager: Process dev.simdeck.sample (pid 5000) has died: fg  TOP\n',
    );
    expect(findLogcatCrashes(died, 'dev.simdeck.sample')).toMatchObject([
      { message: 'Process dev.simdeck.sample died' },
    ]);
  });

  it('reads since the last line it took, keeps the app (by pid) and system errors, and reports the crash', async () => {
    const calls: string[][] = [];
    let out = CAPTURED;
    const run: Run = async (cmd, args) => {
      calls.push([cmd, ...args]);
      const stdout = args.includes('pidof') || args.some((a) => a.includes('pidof')) ? '4242\n' : out;
      return { exitCode: 0, stdout: Buffer.from(stdout), stderr: '', timedOut: false };
    };
    const logs = new AndroidLogs(new AdbHost(run, 'adb'));
    logs.appLaunched('dev-1', 'dev.simdeck.sample');
    const r = await logs.read('dev-1', 'emulator-5554', 0);
    expect(calls[0]).toEqual(['adb', ...logcatArgs('emulator-5554', null)]);
    const tags = r.lines.map((l) => `${l.source}:${l.tag}`);
    expect(tags).not.toContain('system:SurfaceFlinger');
    expect(tags).toContain('system:netd');
    expect(tags).toContain('app:SampleApp');
    expect(r.crashes).toHaveLength(1);
    expect(r.crashes[0]).toMatchObject({
      package_name: 'dev.simdeck.sample',
      message: 'java.lang.IllegalStateException: settings unavailable',
    });
    // The next read starts at the last line's time; lines seen at that instant are not taken twice.
    out = `${CAPTURED.split('\n').slice(-2).join('\n')}\n1764167790.000  4242  4242 I SampleApp: after restart\n`;
    const again = await logs.read('dev-1', 'emulator-5554', r.next);
    expect(calls.at(-2)).toEqual([
      'adb',
      '-s',
      'emulator-5554',
      'logcat',
      '-d',
      '-v',
      'threadtime',
      '-v',
      'epoch',
      '-T',
      '1764167774.010',
    ]);
    expect(again.lines.map((l) => l.message)).toEqual(['after restart']);
  });

  it('reads a crash whole when the live tail hands it over in two reads, and releases a held crash after a second', () => {
    const logs = new AndroidLogs(
      new AdbHost(async () => ({ exitCode: 0, stdout: Buffer.from(''), stderr: '', timedOut: false }), 'adb'),
    );
    logs.appLaunched('dev-1', 'dev.simdeck.sample');
    const line = (t: string) => parseLogcatThreadtime(`${t}\n`);
    const at = '1764167774.000  4242  4242 E AndroidRuntime:';
    // The first read ends on the FATAL EXCEPTION line; the next brings its Process: line, the exception and the death.
    logs.ingest('dev-1', line(`${at} FATAL EXCEPTION: main`), 4242, { live: true, now: 0 });
    expect(logs.taken('dev-1', 0).crashes).toEqual([]);
    logs.ingest(
      'dev-1',
      [
        ...line(`${at} Process: dev.simdeck.sample, PID: 4242`),
        ...line(`${at} java.lang.RuntimeException: boom`),
        ...line(
          '1764167774.100  1612  2001 I ActivityManager: Process dev.simdeck.sample (pid 4242) has died: fg  TOP',
        ),
      ],
      4242,
      { live: true, now: 100 },
    );
    const read = logs.taken('dev-1', 0);
    expect(read.crashes.map((c) => c.message)).toEqual(['java.lang.RuntimeException: boom']);
    expect(read.lines.map((l) => l.message)).toContain('FATAL EXCEPTION: main');
    // A whole block at the very end waits for more; with nothing more after a second it is read as it is.
    const later = '1764167780.000  5000  5000 E AndroidRuntime:';
    logs.ingest(
      'dev-1',
      [
        ...line(`${later} FATAL EXCEPTION: main`),
        ...line(`${later} Process: dev.simdeck.sample, PID: 5000`),
        ...line(`${later} java.lang.IllegalStateException: late`),
      ],
      5000,
      { live: true, now: 2_000 },
    );
    expect(logs.taken('dev-1', 0).crashes).toHaveLength(1);
    logs.ingest('dev-1', [], 5000, { live: true, now: 2_500 });
    expect(logs.taken('dev-1', 0).crashes).toHaveLength(1);
    logs.ingest('dev-1', [], 5000, { live: true, now: 3_100 });
    expect(logs.taken('dev-1', 0).crashes.map((c) => c.message)).toEqual([
      'java.lang.RuntimeException: boom',
      'java.lang.IllegalStateException: late',
    ]);
  });
});
