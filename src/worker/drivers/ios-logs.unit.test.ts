import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeTool } from '../../../test/harness/fake-apple-tools';
import { createSimctlClient } from './simctl-client';
import { IosLogs, logShowArgs, parseIpsReport, parseUnifiedLogNdjson, parseUnifiedTimestamp } from './ios-logs';

/** Captured from `xcrun simctl spawn <udid> log show --style ndjson` (trimmed to the fields we read). */
const NDJSON = [
  'Filtering the log data using "..."',
  '[{"not": "an event line"}',
  JSON.stringify({
    eventType: 'logEvent',
    messageType: 'Default',
    timestamp: '2026-11-26 14:36:11.123456+0000',
    processImagePath:
      '/Users/ci/Library/Developer/CoreSimulator/Devices/X/data/Containers/Bundle/Application/Y/Sample.app/Sample',
    subsystem: 'dev.simdeck.sample',
    category: 'ui',
    eventMessage: 'Screen shown: signin',
  }),
  JSON.stringify({
    eventType: 'logEvent',
    messageType: 'Error',
    timestamp: '2026-11-26 14:36:12.000000+0000',
    processImagePath: '/usr/libexec/locationd',
    subsystem: 'com.apple.locationd',
    category: 'core',
    eventMessage: 'authorization failed',
  }),
  JSON.stringify({
    eventType: 'logEvent',
    messageType: 'Info',
    timestamp: '2026-11-26 14:36:12.500000+0000',
    processImagePath: '/usr/libexec/backboardd',
    subsystem: 'com.apple.backboard',
    eventMessage: 'chatter',
  }),
  JSON.stringify({ eventType: 'stateEvent', timestamp: '2026-11-26 14:36:13.000000+0000', eventMessage: 'x' }),
].join('\n');

const IPS =
  `${JSON.stringify({ app_name: 'Sample', bundleID: 'dev.simdeck.sample', bug_type: '309' })}\n` +
  JSON.stringify({
    exception: { type: 'EXC_CRASH', signal: 'SIGABRT' },
    asi: { 'libsystem_c.dylib': ['abort() called'] },
    faultingThread: 0,
    usedImages: [{ name: 'Sample' }, { name: 'UIKitCore' }],
    threads: [
      {
        frames: [
          { imageIndex: 0, symbol: '-[SettingsScreen open]' },
          { imageIndex: 1, symbol: 'UIApplicationMain' },
        ],
      },
    ],
  });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-ios-logs-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('iOS logs through the unified log and crash reports', () => {
  it('parses ndjson log events with their levels and times, skipping what is not one', () => {
    const entries = parseUnifiedLogNdjson(NDJSON);
    expect(entries.map((e) => [e.level, e.process, e.message])).toEqual([
      ['info', 'Sample', 'Screen shown: signin'],
      ['error', 'locationd', 'authorization failed'],
      ['info', 'backboardd', 'chatter'],
    ]);
    expect(entries[0]!.at).toBe(Date.UTC(2026, 10, 26, 14, 36, 11, 123));
    expect(parseUnifiedTimestamp('2026-11-26 15:36:11.5+0100')).toBe(Date.UTC(2026, 10, 26, 14, 36, 11, 500));
    expect(parseUnifiedTimestamp('yesterday')).toBeNull();
  });

  it('reads a crash report: the bundle, the reason, the faulting frames', () => {
    const r = parseIpsReport(IPS)!;
    expect(r.bundleId).toBe('dev.simdeck.sample');
    expect(r.message).toBe('abort() called');
    expect(r.excerpt).toEqual([
      'Sample crashed: abort() called',
      '0   Sample  -[SettingsScreen open]',
      '1   UIKitCore  UIApplicationMain',
    ]);
    expect(parseIpsReport('not a report')).toBeNull();
  });

  it("keeps the app's lines and the system's errors, and a new crash report of the app is a crash", async () => {
    // A stand-in xcrun that replays the recorded `log show` output; node-simctl spawns it.
    const xcrun = fakeTool(path.join(tmp, 'bin'), 'xcrun', [
      { prefix: 'simctl spawn UDID-1 log show', stdout: NDJSON },
    ]);
    fs.writeFileSync(path.join(tmp, 'Older-2026-11-25.ips'), IPS);
    const logs = new IosLogs({
      simctl: createSimctlClient({ xcrunPath: xcrun.path }),
      now: () => Date.UTC(2026, 10, 26, 14, 36, 0),
      crashReportsDir: tmp,
    });
    logs.appLaunched('UDID-1', 'dev.simdeck.sample');
    const first = await logs.read('UDID-1', 0);
    expect(xcrun.calls()[0]!.argv).toEqual([
      'simctl',
      'spawn',
      'UDID-1',
      ...logShowArgs(Date.UTC(2026, 10, 26, 14, 36, 0)),
    ]);
    expect(first.lines.map((l) => `${l.source}:${l.tag}:${l.message}`)).toEqual([
      'app:dev.simdeck.sample:Screen shown: signin',
      'system:com.apple.locationd:authorization failed',
    ]);
    // A report that was there before the session is not its crash; a new one is.
    expect(first.crashes).toEqual([]);
    fs.writeFileSync(path.join(tmp, 'Sample-2026-11-26-143700.ips'), IPS);
    const second = await logs.read('UDID-1', first.next);
    expect(second.crashes).toMatchObject([{ package_name: 'dev.simdeck.sample', message: 'abort() called' }]);
    expect(second.lines.map((l) => l.message)[0]).toBe('Sample crashed: abort() called');
  });
});
