// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Maestro's ${…} expressions are what these tests read
import { afterAll, describe, expect, it } from 'vitest';
import type { UiNode } from '../../../worker/driver';
import { toSelector } from './maestro-commands';
import { ScriptError, type ScriptState } from './maestro-script';
import { closeMaestroScripts, runSandboxed } from './maestro-script-pool';
import { matchElements, pickElement, pointOf } from './maestro-selectors';
import { interpolate } from './maestro-vars';

let refs = 0;
const node = (
  role: string,
  text: string | null,
  id: string | null,
  b: [number, number, number, number],
  children: UiNode[] = [],
  extra: Partial<UiNode> = {},
): UiNode => ({
  ref: `n${refs++}`,
  role,
  text,
  id,
  bounds: { x: b[0], y: b[1], width: b[2], height: b[3] },
  enabled: true,
  focused: false,
  children,
  ...extra,
});

const TREE = node(
  'application',
  'Shop',
  'app',
  [0, 0, 400, 800],
  [
    node(
      'screen',
      'Sign in',
      'signin',
      [0, 0, 400, 800],
      [
        node('text', 'Shop', 'title', [20, 40, 360, 30]),
        node('text', 'Email', null, [20, 100, 360, 20]),
        node('input', '', 'email', [20, 120, 360, 40]),
        node('text', 'Password', null, [20, 180, 360, 20]),
        node('input', '', 'password', [20, 200, 360, 40]),
        node('button', 'Sign in', 'sign-in', [20, 260, 360, 50], [], { enabled: false }),
        node(
          'list_item',
          'Item 1',
          'item-1',
          [20, 320, 360, 60],
          [node('text', 'Details 1', null, [36, 350, 300, 16])],
        ),
        node(
          'list_item',
          'Item 2',
          'item-2',
          [20, 380, 360, 60],
          [node('text', 'Details 2', null, [36, 410, 300, 16])],
        ),
      ],
    ),
  ],
);

const ids = (sel: unknown) => matchElements(toSelector(sel), TREE).map((n) => n.id);

describe('Maestro selectors on a UI tree', () => {
  it('prefer the deepest match, as Maestro does (the button, not the screen titled the same)', () => {
    expect(ids('Sign in')).toEqual(['sign-in']);
    expect(ids('shop')).toEqual(['title']);
  });

  it('filter by state, relative position, children and descendants', () => {
    expect(ids({ id: 'sign-in', enabled: false })).toEqual(['sign-in']);
    expect(ids({ id: 'sign-in', enabled: true })).toEqual([]);
    expect(ids({ below: 'Email' })[0]).toBe('email');
    expect(ids({ above: 'Password', id: 'e.*' })).toEqual(['email']);
    expect(ids({ containsChild: 'Details 2' })).toEqual(['item-2']);
    expect(
      matchElements(toSelector({ text: 'Details.*', childOf: { id: 'item-1' } }), TREE).map((n) => n.text),
    ).toEqual(['Details 1']);
    expect(ids({ id: 'signin', containsDescendants: [{ id: 'email' }, 'Sign in'] })).toEqual(['signin']);
    expect(pickElement(toSelector({ text: 'Item \\d', index: 1 }), TREE)?.id).toBe('item-2');
  });

  it('read points in pixels or percentages', () => {
    expect(pointOf('50%,25%', { width: 400, height: 800, rotation: 0 })).toEqual({ x: 200, y: 200 });
    expect(pointOf('10, 20', { width: 400, height: 800, rotation: 0 })).toEqual({ x: 10, y: 20 });
    expect(pointOf('left', { width: 400, height: 800, rotation: 0 })).toBeNull();
  });
});

const state = (): ScriptState => ({
  output: {},
  variables: { USER: 'ada' },
  copiedText: 'copied',
  platform: 'android',
});

describe('scripts and ${…}', () => {
  afterAll(() => closeMaestroScripts());

  it('substitute variables, output and expressions', async () => {
    const s = state();
    expect(await interpolate('Hi ${USER}, ${maestro.copiedText}', s)).toBe('Hi ada, copied');
    expect(await interpolate('${output.n = 2 + 3}', s)).toBe('5');
    expect(s.output).toEqual({ n: 5 });
    expect(await interpolate('${output.n * 2} ${USER.toUpperCase()}', s)).toBe('10 ADA');
  });

  it('read as Maestro does: an undeclared name is undefined, ${} is undefined, statements run as a script', async () => {
    const s = state();
    expect(await interpolate("${NOT_SET || 'fallback'}", s)).toBe('fallback');
    expect(await interpolate('${NOT_SET == "five"}', s)).toBe('false');
    expect(await interpolate('[${}]', s)).toBe('[undefined]');
    expect(await interpolate("${ output.x = 'a'; output.x + 'b'; }", s)).toBe('ab');
    await expect(interpolate('${ 1 + }', s)).rejects.toThrow(/SyntaxError/);
  });

  it('keep what scripts put on maestro across the flow, dates included, as Maestro does', async () => {
    const s = state();
    await interpolate('${maestro.startTime = new Date(1000)}', s);
    await interpolate("${maestro.label = 'x'}", s);
    expect(s.maestroVars).toEqual({ startTime: { $date: 1000 }, label: 'x' });
    expect(await interpolate('${(new Date(4000)) - maestro.startTime} ${maestro.label} ${maestro.copiedText}', s)).toBe(
      '3000 x copied',
    );
  });

  it('run in a sandbox without the host: no require, process, fetch or file system', async () => {
    for (const code of ['require("fs")', 'process.exit(1)', 'fetch("http://example.com")', 'import("fs")']) {
      await expect(runSandboxed(code, state())).rejects.toThrow(ScriptError);
    }
  });

  it('stop a script that loops forever or allocates without end, within their bounds', async () => {
    await expect(runSandboxed('while (true) {}', state())).rejects.toThrow(/ran longer than 1000 ms/);
    await expect(runSandboxed('var a = []; while (true) a.push(new Array(100000).fill(1));', state())).rejects.toThrow(
      /ran longer than|needs more than 16 MB/,
    );
    // The pool still serves the next script.
    expect((await runSandboxed('1 + 1', state())).value).toBe(2);
    await expect(runSandboxed('function f() { return f(); } f();', state())).rejects.toThrow(ScriptError);
    await expect(runSandboxed('output.big = "x".repeat(100000)', state())).rejects.toThrow(/larger than 64 KB/);
  });
});
