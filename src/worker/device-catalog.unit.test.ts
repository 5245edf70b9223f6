import { describe, expect, it } from 'vitest';
import {
  BOOT_TIMEOUT_MS,
  checkDeviceArgs,
  checkDeviceResult,
  COMMAND_TIMEOUT_MS,
  DEVICE_COMMANDS,
  isDeviceOp,
  parseDeviceArgs,
} from './device-catalog';

describe('the device-command catalog', () => {
  it('names every operation once, with its timeout and whether it changes the screen', () => {
    expect(Object.keys(DEVICE_COMMANDS).sort()).toEqual(
      [
        'boot',
        'clear_data',
        'input',
        'install',
        'launch',
        'list_apps',
        'read_logs',
        'record_start',
        'record_stop',
        'rotate',
        'screenshot',
        'shutdown',
        'stream_start',
        'stream_stop',
        'terminate',
        'ui_tree',
        'uninstall',
        'open_url',
        'set_location',
        'set_permission',
        'get_clipboard',
        'set_clipboard',
        'add_media',
        'set_appearance',
        'push',
        'set_network',
      ].sort(),
    );
    expect(DEVICE_COMMANDS.boot.timeoutMs).toBe(BOOT_TIMEOUT_MS);
    expect(DEVICE_COMMANDS.install.timeoutMs).toBe(BOOT_TIMEOUT_MS);
    expect(DEVICE_COMMANDS.ui_tree.timeoutMs).toBe(COMMAND_TIMEOUT_MS);
    const changing = Object.entries(DEVICE_COMMANDS)
      .filter(([, c]) => c.changesScreen)
      .map(([op]) => op);
    expect(changing.sort()).toEqual(
      [
        'boot',
        'clear_data',
        'input',
        'install',
        'launch',
        'rotate',
        'shutdown',
        'terminate',
        'uninstall',
        'open_url',
        'set_location',
        'set_permission',
        'add_media',
        'set_appearance',
        'push',
        'set_network',
      ].sort(),
    );
    expect(isDeviceOp('launch')).toBe(true);
    expect(isDeviceOp('format_disk')).toBe(false);
    expect(isDeviceOp('toString')).toBe(false);
  });

  it('checks package names by the platform and answers with the rule’s sentence', () => {
    expect(checkDeviceArgs('launch', 'android', { package_name: 'com.example.app' })).toEqual({
      ok: true,
      args: { package_name: 'com.example.app' },
    });
    // A bundle id with '-' is an iOS bundle id but no Android package name.
    expect(checkDeviceArgs('terminate', 'ios', { package_name: 'com.example.my-app' })).toMatchObject({ ok: true });
    expect(checkDeviceArgs('terminate', 'android', { package_name: 'com.example.my-app' })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^package_name must be an Android package name/),
    });
    expect(checkDeviceArgs('uninstall', 'ios', {})).toEqual({
      ok: false,
      problem: 'package_name must be a non-empty string',
    });
    // The sentence never repeats the value.
    const evil = 'com.example.app; reboot';
    const r = checkDeviceArgs('clear_data', 'android', { package_name: evil });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain('reboot');
  });

  it('checks launch activities and params, and drops fields it does not know', () => {
    expect(
      checkDeviceArgs('launch', 'android', {
        package_name: 'com.example.app',
        activity_name: '.Main',
        params: { user: 'ada', n: 2, debug: true },
        shell: 'rm -rf /',
      }),
    ).toEqual({
      ok: true,
      args: { package_name: 'com.example.app', activity_name: '.Main', params: { user: 'ada', n: 2, debug: true } },
    });
    expect(checkDeviceArgs('launch', 'ios', { package_name: 'com.example.App', activity_name: '.Main' })).toEqual({
      ok: false,
      problem: 'activity_name: only Android apps have activities',
    });
    expect(
      checkDeviceArgs('launch', 'android', { package_name: 'com.example.app', params: { 'a b': 1 } }),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/^params: each name must be/) });
    expect(
      checkDeviceArgs('launch', 'android', { package_name: 'com.example.app', params: { a: { nested: 1 } } }),
    ).toMatchObject({ ok: false, problem: 'params.a must be a string, a number or a boolean' });
  });

  it('types input events and refuses malformed ones with INVALID_INPUT', () => {
    expect(parseDeviceArgs('input', 'android', { kind: 'swipe', x: 1, y: 2, x2: 3, y2: 4, durationMs: 300 })).toEqual({
      kind: 'swipe',
      x: 1,
      y: 2,
      x2: 3,
      y2: 4,
      durationMs: 300,
    });
    expect(() => parseDeviceArgs('input', 'ios', { kind: 'tap', x: '1', y: 2 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'x must be a number of pixels' }),
    );
    expect(() => parseDeviceArgs('input', 'ios', { kind: 'touch', phase: 'hover', x: 1, y: 2 })).toThrow(
      'touch phase must be start, move or end',
    );
    expect(() => parseDeviceArgs('rotate', 'android', { rotation: 45 })).toThrow('rotation must be 0, 90, 180 or 270');
    expect(parseDeviceArgs('rotate', 'android', { rotation: 270 })).toEqual({ rotation: 270 });
  });

  it('an install URL is a path on the control plane, never another host', () => {
    expect(checkDeviceArgs('install', 'android', { url: '/api/v1/workers/files/abc' })).toMatchObject({ ok: true });
    for (const url of ['https://evil.example/x.apk', '//evil.example/x.apk', 'files/x.apk', ''])
      expect(checkDeviceArgs('install', 'android', { url })).toEqual({
        ok: false,
        problem: 'url must be a path on the control plane',
      });
  });

  it('checks results: a tree, a screen and an app list of the catalog’s shape, and nothing else', () => {
    const node = {
      ref: 'e1',
      role: 'screen',
      text: null,
      id: null,
      bounds: { x: 0, y: 0, width: 10, height: 10 },
      enabled: true,
      focused: false,
      children: [],
    };
    expect(checkDeviceResult('ui_tree', { ...node, children: [{ ...node, ref: 'e2' }] })).toMatchObject({ ok: true });
    expect(checkDeviceResult('ui_tree', { ...node, children: [{ ...node, bounds: null }] })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^children\.0\.bounds: /),
    });
    expect(checkDeviceResult('rotate', { width: 10, height: 20, rotation: 90 })).toMatchObject({ ok: true });
    expect(checkDeviceResult('rotate', { width: 10, height: 20, rotation: 45 })).toMatchObject({ ok: false });
    expect(checkDeviceResult('list_apps', [{ packageName: 'a.b', name: 'A', version: '1' }])).toMatchObject({
      ok: true,
    });
    expect(checkDeviceResult('launch', undefined)).toEqual({ ok: true, result: null });
    expect(checkDeviceResult('launch', { surprise: true })).toMatchObject({ ok: false });
  });
});
