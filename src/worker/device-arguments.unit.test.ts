import { describe, expect, it } from 'vitest';
import {
  androidActivityNameProblem,
  androidPackageNameProblem,
  buttonNameProblem,
  inputEventProblem,
  iosBundleIdProblem,
  keyNameProblem,
  launchParamsProblem,
  packageNameProblem,
  rotationProblem,
  textProblem,
} from './device-arguments';
import { assertInputEvent, assertLaunchParams, assertPackageName } from './device-asserts';

describe('package names and bundle ids', () => {
  it('accepts Android package names and refuses anything else with a sentence naming the field', () => {
    for (const ok of ['com.example.app', 'dev.simdeck.sample', 'io.appium.settings', 'a.b', 'Com.Example_1.x2'])
      expect(androidPackageNameProblem(ok)).toBeNull();
    for (const bad of [
      '',
      'single',
      '1com.example',
      'com..example',
      'com.example.',
      '.com.example',
      'com.1example',
      'com.ex-ample',
      'com.example;id',
      'com.example app',
      `c.${'a'.repeat(254)}`,
    ]) {
      expect(androidPackageNameProblem(bad, 'package_name')).toMatch(/^package_name must/);
    }
    expect(androidPackageNameProblem(42)).toBe('package name must be a non-empty string');
    expect(androidPackageNameProblem(undefined)).toBe('package name must be a non-empty string');
  });

  it('accepts iOS bundle ids and refuses a leading dash, shell characters and overlong ids', () => {
    for (const ok of [
      'com.example.App',
      'dev.simdeck.sample',
      'com.apple.mobilesafari',
      'com.my-company.App2',
      'single',
    ])
      expect(iosBundleIdProblem(ok)).toBeNull();
    for (const bad of [
      '',
      '-w',
      '--console',
      'com.example/App',
      'com.example App',
      'com_example',
      'com.example$(id)',
      'x'.repeat(256),
    ]) {
      expect(iosBundleIdProblem(bad)).toMatch(/^bundle id must/);
    }
  });

  it('picks the rule of the platform', () => {
    expect(packageNameProblem('ios', 'single')).toBeNull();
    expect(packageNameProblem('android', 'single')).toMatch(/Android package name/);
    expect(packageNameProblem('android', 'com.my-company.app')).toMatch(/Android package name/);
    expect(packageNameProblem('ios', 'com.my-company.app')).toBeNull();
    expect(() => assertPackageName('android', 'a;b')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('accepts relative, qualified and component activity names only', () => {
    for (const ok of [
      '.MainActivity',
      '.ui.Settings',
      'com.example.app.MainActivity',
      'com.example.app/.Main',
      'com.example.app/com.example.app.Outer$Inner',
    ]) {
      expect(androidActivityNameProblem(ok)).toBeNull();
    }
    for (const bad of [
      '',
      'Main',
      '..Main',
      '.Main.',
      'com.example/Main',
      '/.Main',
      'com.example.app/',
      'a b.Main',
      '.Main;id',
      'com.x/.Main/.Other',
      `.${'A'.repeat(300)}`,
    ]) {
      expect(androidActivityNameProblem(bad)).toMatch(/^activity name must/);
    }
  });
});

describe('launch parameters', () => {
  it('accepts a flat object of scalars and nothing at all', () => {
    expect(launchParamsProblem(undefined)).toBeNull();
    expect(launchParamsProblem({})).toBeNull();
    expect(
      launchParamsProblem({ user: "o'hara; $(id)", 'feature.flag-2': true, count: 3, ratio: 0.5, _x: '' }),
    ).toBeNull();
  });

  it('refuses nesting, bad names, long values and too many entries', () => {
    expect(launchParamsProblem(null)).toBe('params must be a flat JSON object');
    expect(launchParamsProblem(['a'])).toBe('params must be a flat JSON object');
    expect(launchParamsProblem('a=b')).toBe('params must be a flat JSON object');
    expect(launchParamsProblem({ nested: { a: 1 } })).toBe('params.nested must be a string, a number or a boolean');
    expect(launchParamsProblem({ list: [1] })).toBe('params.list must be a string, a number or a boolean');
    expect(launchParamsProblem({ nothing: null })).toBe('params.nothing must be a string, a number or a boolean');
    for (const name of ['', '-flag', '.hidden', 'a b', 'a;b', '$(id)', 'x'.repeat(101)])
      expect(launchParamsProblem({ [name]: 1 })).toMatch(/^params: each name must be/);
    expect(launchParamsProblem({ note: 'x'.repeat(1001) })).toBe('params.note must be at most 1000 characters');
    expect(launchParamsProblem({ note: 'a\0b' })).toBe('params.note must not contain NUL characters');
    expect(launchParamsProblem({ n: 2 ** 60 })).toMatch(/^params.n must be a finite number/);
    expect(launchParamsProblem({ n: Number.NaN })).toMatch(/^params.n must be a finite number/);
    expect(launchParamsProblem(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])))).toBe(
      'params may have at most 50 entries',
    );
    expect(() => assertLaunchParams({ 'a b': 1 })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});

describe('keys, buttons, text, rotation and input events', () => {
  it('checks names and text', () => {
    expect(keyNameProblem('BACK')).toBeNull();
    expect(keyNameProblem('KEYCODE_DPAD_UP')).toBeNull();
    for (const bad of ['', 'BACK; reboot', 'a b', '-1', 'K'.repeat(51)])
      expect(keyNameProblem(bad)).toMatch(/^key must be/);
    expect(buttonNameProblem('VOLUME_UP')).toBeNull();
    for (const bad of ['', 'HOME1', 'HOME;', 'home button']) expect(buttonNameProblem(bad)).toMatch(/^button must be/);
    expect(textProblem('')).toBeNull();
    expect(textProblem('any "text"; $(id)\n ✓')).toBeNull();
    expect(textProblem('x'.repeat(4001))).toBe('text must be at most 4000 characters');
    expect(textProblem('a\0')).toBe('text must not contain NUL characters');
    expect(rotationProblem(90)).toBeNull();
    expect(rotationProblem(45)).toBe('rotation must be 0, 90, 180 or 270');
    expect(rotationProblem('90')).toBe('rotation must be 0, 90, 180 or 270');
  });

  it('checks every field of an input event', () => {
    expect(inputEventProblem({ kind: 'tap', x: 1, y: 2 })).toBeNull();
    expect(inputEventProblem({ kind: 'swipe', x: 1, y: 2, x2: 3, y2: 4, durationMs: 250 })).toBeNull();
    expect(inputEventProblem({ kind: 'touch', phase: 'move', x: 1, y: 2 })).toBeNull();
    expect(inputEventProblem({ kind: 'text', text: 'hi' })).toBeNull();
    expect(inputEventProblem(null)).toBe('the input event must be an object');
    expect(inputEventProblem({ kind: 'shell', cmd: 'id' })).toMatch(/^the input event kind must be/);
    expect(inputEventProblem({ kind: 'tap', x: '1; id', y: 2 })).toBe('x must be a number of pixels');
    expect(inputEventProblem({ kind: 'swipe', x: 1, y: 2, x2: 3, y2: Infinity })).toBe('y2 must be a number of pixels');
    expect(inputEventProblem({ kind: 'long_press', x: 1, y: 2, durationMs: '800; id' })).toBe(
      'duration must be 0 to 60000 milliseconds',
    );
    expect(inputEventProblem({ kind: 'long_press', x: 1, y: 2, durationMs: 60_001 })).toBe(
      'duration must be 0 to 60000 milliseconds',
    );
    expect(inputEventProblem({ kind: 'touch', phase: 'hover', x: 1, y: 2 })).toBe(
      'touch phase must be start, move or end',
    );
    expect(inputEventProblem({ kind: 'key', key: '$(id)' })).toMatch(/^key must be/);
    expect(inputEventProblem({ kind: 'button', button: 7 })).toBe('button must be a non-empty string');
    expect(inputEventProblem({ kind: 'text', text: 7 })).toBe('text must be a string');
    expect(() => assertInputEvent({ kind: 'tap', x: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'y must be a number of pixels' }),
    );
  });
});
