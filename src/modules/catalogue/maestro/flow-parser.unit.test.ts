import { describe, expect, it } from 'vitest';
import { DEFAULT_YAML_LIMITS } from '../bounded-yaml';
import { globMatch, readFlowFolder } from './flow-folder';
import { parseMaestroFlow } from './flow-parser';
import { textMatcher, unsafeRegexReason } from './safe-regex';

const parse = (text: string) => parseMaestroFlow('flow.yaml', text, DEFAULT_YAML_LIMITS);

describe('reading a Maestro flow', () => {
  it('keeps the header, and each command with its file line, nested commands included', () => {
    const { flow, problems, references } = parse(`# a comment
appId: com.example
name: Checkout
tags: [smoke]
env:
  USER: ada
onFlowStart:
  - launchApp
---
- launchApp:
    clearState: true
# between
- tapOn: "Buy"
- repeat:
    times: 2
    commands:
      - scroll
      - runFlow: sub/pay.yaml
`);
    expect(problems).toEqual([]);
    expect(flow).toMatchObject({ appId: 'com.example', name: 'Checkout', tags: ['smoke'], env: { USER: 'ada' } });
    expect(flow.onFlowStart.map((c) => [c.name, c.line])).toEqual([['launchApp', 8]]);
    expect(flow.commands.map((c) => [c.name, c.line])).toEqual([
      ['launchApp', 10],
      ['tapOn', 13],
      ['repeat', 14],
    ]);
    expect(flow.commands[2]!.commands!.map((c) => [c.name, c.line])).toEqual([
      ['scroll', 17],
      ['runFlow', 18],
    ]);
    expect(references).toEqual([{ path: 'sub/pay.yaml', line: 18, command: 'runFlow' }]);
  });

  it('reads a file that is only a list of commands', () => {
    const { flow, problems } = parse('- back\n- hideKeyboard\n');
    expect(problems).toEqual([]);
    expect(flow.commands.map((c) => [c.name, c.line])).toEqual([
      ['back', 1],
      ['hideKeyboard', 2],
    ]);
  });

  it('names every unsupported command and field with its line', () => {
    const { problems } = parse(`appId: x
colour: red
---
- travel:
    points: []
- tapOn:
    text: A
    traits: button
- launchApp:
    permissions: { all: sometimes }
- assertVisible: "(x+)+y"
- repeat:
    times: 2
`);
    expect(problems).toEqual([
      'flow.yaml:2: colour — not a header field Maestro defines',
      'flow.yaml:4: travel — simulated travel (locations) is not supported yet',
      'flow.yaml:6: tapOn — traits: iOS traits are not in the UI tree simdeck reads',
      'flow.yaml:9: launchApp — permissions.all: must be allow, deny or unset',
      'flow.yaml:11: assertVisible — a selector that repeats a repeating group (like (a+)+) is not supported',
      'flow.yaml:12: repeat — needs `commands`',
    ]);
  });

  it('reads addMedia as references to its media files; clearKeychain alone and on launchApp', () => {
    const { flow, problems, references } = parse(`appId: x
---
- launchApp:
    clearKeychain: true
- clearKeychain
- addMedia:
    - ./assets/a.png
    - b.MP4
- addMedia:
    files: [c.jpg]
    label: Add a photo
    optional: true
- addMedia: [d.gif, e.txt]
- addMedia: []
- addMedia:
    file: x.png
`);
    expect(flow.commands.map((c) => c.name)).toEqual([
      'launchApp',
      'clearKeychain',
      'addMedia',
      'addMedia',
      'addMedia',
      'addMedia',
      'addMedia',
    ]);
    expect(references.map((r) => [r.path, r.line])).toEqual([
      ['./assets/a.png', 6],
      ['b.MP4', 6],
      ['c.jpg', 9],
    ]);
    expect(problems).toEqual([
      'flow.yaml:13: addMedia — d.gif: devices add JPEG, PNG, HEIC and MP4 files',
      'flow.yaml:13: addMedia — e.txt: devices add JPEG, PNG, HEIC and MP4 files',
      'flow.yaml:14: addMedia — needs a list of 1 to 20 media files',
      'flow.yaml:15: addMedia — file: not a field of addMedia',
      'flow.yaml:15: addMedia — needs a list of 1 to 20 media files',
    ]);
  });

  it("accepts the device-capability commands in Maestro's documented forms", () => {
    const { flow, problems } = parse(`appId: com.example
---
- launchApp:
    permissions:
      all: deny
      camera: allow
- openLink: https://example.com/welcome
- openLink:
    link: myapp://items/3
    autoVerify: true
    browser: false
- setLocation:
    latitude: 52.3599976
    longitude: "4.8830301"
- setPermissions:
    appId: com.example.other
    permissions:
      location: inuse
      notifications: unset
      medialibrary: deny
- setClipboard: \${'user' + 1}
- pasteText
- setAirplaneMode: enabled
- toggleAirplaneMode
- setAirplaneMode: disabled
- openLink: \${LINK}
`);
    expect(problems).toEqual([]);
    expect(flow.commands.map((c) => c.name)).toEqual([
      'launchApp',
      'openLink',
      'openLink',
      'setLocation',
      'setPermissions',
      'setClipboard',
      'pasteText',
      'setAirplaneMode',
      'toggleAirplaneMode',
      'setAirplaneMode',
      'openLink',
    ]);
  });

  it('names what is wrong with a capability command, before anything runs', () => {
    const { problems } = parse(`appId: x
---
- openLink: "javascript:alert(1)"
- openLink:
    autoVerify: yes
- setLocation:
    latitude: 91
    longitude: 0
- setLocation:
    latitude: 1
- setPermissions:
    permissions:
      bluetooth: allow
- setPermissions:
    appId: x
- setAirplaneMode: on
- setClipboard:
    text: [a, b]
- toggleAirplaneMode: now
`);
    expect(problems).toEqual([
      'flow.yaml:3: openLink — link: javascript links cannot be opened; use http, https or an app scheme',
      'flow.yaml:4: openLink — needs `link`',
      'flow.yaml:4: openLink — autoVerify: must be true or false',
      'flow.yaml:6: setLocation — latitude must be a number from -90 to 90',
      'flow.yaml:9: setLocation — needs `latitude` and `longitude`',
      expect.stringMatching(/^flow\.yaml:11: setPermissions — permissions\.bluetooth: not a permission simdeck sets/),
      'flow.yaml:14: setPermissions — needs `permissions`',
      'flow.yaml:16: setAirplaneMode — must be enabled or disabled',
      'flow.yaml:17: setClipboard — needs the text to put on the clipboard',
      'flow.yaml:19: toggleAirplaneMode — needs a mapping of its fields',
    ]);
  });

  it('refuses an alias bomb within the YAML caps, naming the file', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) {
      const p = String.fromCharCode(97 + i);
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${p}`).join(', ')}]`,
      );
    }
    expect(() => parse(`${lines.join('\n')}\n---\n- back\n`)).toThrow(/flow\.yaml: Invalid YAML/);
  });
});

describe('a flows folder', () => {
  it("runs the config's flows; files they reach become reusable; the rest is left out", () => {
    const folder = readFlowFolder(
      new Map([
        ['config.yaml', 'flows:\n  - "smoke/*"\n'],
        ['smoke/a.yaml', 'appId: x\n---\n- runFlow: ../common/login.yaml\n'],
        ['smoke/b.yaml', 'appId: x\n---\n- runScript: ../scripts/s.js\n'],
        ['common/login.yaml', 'appId: x\n---\n- back\n'],
        ['scripts/s.js', 'output.x = 1'],
        ['other.yaml', 'appId: x\n---\n- back\n'],
      ]),
      { folderName: 'flows', limits: DEFAULT_YAML_LIMITS },
    );
    expect(folder.flows.map((f) => [f.file, f.reusable, Object.keys(f.files).sort()])).toEqual([
      ['common/login.yaml', true, ['common/login.yaml']],
      ['smoke/a.yaml', false, ['common/login.yaml', 'smoke/a.yaml']],
      ['smoke/b.yaml', false, ['scripts/s.js', 'smoke/b.yaml']],
    ]);
  });

  it('matches globs as Maestro does', () => {
    expect(globMatch('*', 'a.yaml')).toBe(true);
    expect(globMatch('*', 'sub/a.yaml')).toBe(false);
    expect(globMatch('**', 'sub/a.yaml')).toBe(true);
    expect(globMatch('sub/*', 'sub/a.yaml')).toBe(true);
    expect(globMatch('sub', 'sub/a.yaml')).toBe(true);
  });
});

describe('text selectors', () => {
  it('match the whole text as a case-insensitive regular expression, or the text as written', () => {
    expect(textMatcher('Sign in')('sign IN')).toBe(true);
    expect(textMatcher('Sign')('Sign in')).toBe(false);
    expect(textMatcher('Item \\d+')('Item 12')).toBe(true);
    expect(textMatcher('Price: $5 (incl.)')('Price: $5 (incl.)')).toBe(true);
    expect(textMatcher('[unclosed')('[unclosed')).toBe(true);
    expect(textMatcher('Line one line two')('Line one\nline two')).toBe(true);
  });

  it('refuse patterns that could backtrack without end', () => {
    expect(unsafeRegexReason('(a+)+$')).toMatch(/repeats a repeating group/);
    expect(unsafeRegexReason('(a|aa)*')).toMatch(/repeats a repeating group/);
    expect(unsafeRegexReason('(\\w)\\1')).toMatch(/back-references/);
    expect(unsafeRegexReason('x'.repeat(600))).toMatch(/longer than/);
    expect(unsafeRegexReason('(Yes|No)?')).toBeNull();
    expect(unsafeRegexReason('Item \\d+ of [0-9]{1,3}')).toBeNull();
  });
});
