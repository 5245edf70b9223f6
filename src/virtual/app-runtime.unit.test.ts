import { describe, expect, it } from 'vitest';
import { AppModelError, parseAppModel, type AppModel } from './app-model';
import { AppRuntime, evaluate, renderTemplate, type Vars } from './app-runtime';
import { hitTest, toUiTree, type Box } from './scene';

const AREA = { x: 0, y: 0, w: 390, h: 800 };

function memoryStore(initial: Vars | null = null) {
  const s = { data: initial as Vars | null, saves: 0 };
  return {
    s,
    store: {
      load: () => (s.data ? { ...s.data } : null),
      save: (v: Vars) => {
        s.data = { ...v };
        s.saves += 1;
      },
    },
  };
}

const MODEL: AppModel = parseAppModel(
  JSON.stringify({
    state: { count: 0, name: '', agree: false, mode: 'a' },
    initialScreen: 'main',
    launchRules: [{ if: { var: 'agree', equals: true }, screen: 'second' }],
    screens: {
      main: {
        title: 'Main',
        elements: [
          {
            type: 'input',
            id: 'name',
            bind: 'name',
            label: 'Name',
            maxLength: 5,
            submit: [{ set: { submitted: '{{name}}' } }],
          },
          { type: 'toggle', id: 'agree', bind: 'agree', label: 'Agree' },
          { type: 'text', id: 'hello', text: 'Hello {{name}}', visibleIf: { var: 'name', notEmpty: true } },
          {
            type: 'button',
            id: 'next',
            label: 'Next',
            enabledIf: { var: 'agree', equals: true },
            action: [{ navigate: 'second' }],
          },
          {
            type: 'button',
            id: 'ask',
            label: 'Ask',
            action: [
              {
                alert: {
                  title: 'Sure?',
                  buttons: [
                    { label: 'No', id: 'no' },
                    { label: 'Yes', id: 'yes', action: [{ set: { mode: 'b' } }] },
                  ],
                },
              },
            ],
          },
        ],
      },
      second: {
        title: 'Second {{mode}}',
        elements: [
          {
            type: 'list',
            id: 'rows',
            repeat: {
              count: 30,
              id: 'row-{{n}}',
              title: 'Row {{n}}',
              data: { label: 'L{{n}}' },
              action: [{ set: { picked: '{{item.label}}' } }, { navigate: 'third' }],
            },
          },
        ],
      },
      third: {
        title: 'Picked {{picked}}',
        elements: [{ type: 'button', id: 'home', label: 'Home', action: [{ reset: 'main' }] }],
      },
    },
  }),
);

function find(root: Box, id: string): Box | undefined {
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = find(c, id);
    if (f) return f;
  }
  return undefined;
}

function tapId(rt: AppRuntime, id: string): void {
  const root = rt.layout(AREA);
  const b = find(root, id);
  if (!b) throw new Error(`no ${id}`);
  rt.tap(hitTest(root, b.x + b.w / 2, b.y + b.h / 2));
}

const phone = { platform: 'ios' as const, tv: false };

describe('app model', () => {
  it('rejects unknown screens and bad shapes with the path', () => {
    expect(() => parseAppModel(JSON.stringify({ initialScreen: 'x', screens: {} }))).toThrow(
      /initialScreen: unknown screen "x"/,
    );
    expect(() =>
      parseAppModel(
        JSON.stringify({
          initialScreen: 'a',
          screens: { a: { title: 'A', elements: [{ type: 'button', label: 'B', action: [{ navigate: 'nope' }] }] } },
        }),
      ),
    ).toThrow(/screens.a.elements.0.action.0.navigate: unknown screen "nope"/);
    expect(() => parseAppModel('{')).toThrow(AppModelError);
    expect(() =>
      parseAppModel(
        JSON.stringify({ initialScreen: 'a', screens: { a: { title: 'A', elements: [{ type: 'slider' }] } } }),
      ),
    ).toThrow(AppModelError);
  });

  it('evaluates conditions and templates', () => {
    const vars = { a: 'x', b: '', c: true, n: 3 };
    expect(
      evaluate(
        {
          all: [
            { var: 'a', equals: 'x' },
            { var: 'c', equals: true },
          ],
        },
        vars,
      ),
    ).toBe(true);
    expect(
      evaluate(
        {
          any: [
            { var: 'b', notEmpty: true },
            { var: 'n', equals: 4 },
          ],
        },
        vars,
      ),
    ).toBe(false);
    expect(evaluate({ not: { var: 'b', empty: true } }, vars)).toBe(false);
    expect(evaluate({ var: 'missing', empty: true }, vars)).toBe(true);
    expect(evaluate({ var: 'params.mode', equals: 'kiosk' }, vars, { mode: 'kiosk' })).toBe(true);
    expect(evaluate({ var: 'params.mode', equals: 'kiosk' }, vars)).toBe(false);
    expect(renderTemplate('{{a}}-{{ n }}-{{item.k}}-{{params.p}}-{{zz}}', vars, { item: { k: 'K' } }, { p: 1 })).toBe(
      'x-3-K-1-',
    );
  });
});

describe('app runtime', () => {
  it('edits inputs, honours maxLength, DEL and ENTER submit, and shows conditional text', () => {
    const { store } = memoryStore();
    const rt = new AppRuntime(MODEL, phone, store);
    expect(find(rt.layout(AREA), 'hello')).toBeUndefined();
    expect(rt.typeText('ignored')).toBe(false);
    tapId(rt, 'name');
    rt.typeText('Ada Lovelace');
    expect(rt.vars.name).toBe('Ada L');
    rt.key('DEL');
    expect(find(rt.layout(AREA), 'hello')!.text).toBe('Hello Ada ');
    rt.key('DEL');
    rt.key('D');
    rt.key('SPACE');
    expect(rt.vars.name).toBe('Adad ');
    rt.key('X');
    expect(rt.vars.name).toBe('Adad ');
    rt.key('DEL');
    rt.key('DEL');
    rt.key('ENTER');
    expect(rt.vars.submitted).toBe('Ada');
    expect(rt.editing).toBeNull();
  });

  it('toggles, enables by condition, navigates with a back stack and resets', () => {
    const { store } = memoryStore();
    const rt = new AppRuntime(MODEL, phone, store);
    expect(find(rt.layout(AREA), 'next')!.enabled).toBe(false);
    tapId(rt, 'next');
    expect(rt.screenId).toBe('main');
    tapId(rt, 'agree');
    expect(find(rt.layout(AREA), 'agree')!.checked).toBe(true);
    tapId(rt, 'next');
    expect(rt.screenId).toBe('second');
    expect(find(rt.layout(AREA), 'nav-back')).toBeDefined();
    tapId(rt, 'row-2');
    expect(rt.screenId).toBe('third');
    expect(rt.layout(AREA).text).toBe('Picked L2');
    expect(rt.stack.map((s) => s.screen)).toEqual(['main', 'second', 'third']);
    tapId(rt, 'nav-back');
    expect(rt.screenId).toBe('second');
    expect(rt.back()).toBe(true);
    expect(rt.back()).toBe(false);
    tapId(rt, 'next');
    tapId(rt, 'row-1');
    tapId(rt, 'home');
    expect(rt.stack.map((s) => s.screen)).toEqual(['main']);
  });

  it('shows alerts that block the screen, run button actions and close on BACK', () => {
    const { store } = memoryStore();
    const rt = new AppRuntime(MODEL, phone, store);
    tapId(rt, 'ask');
    let root = rt.layout(AREA);
    const tree = toUiTree(root, 1);
    expect(JSON.stringify(tree)).toContain('"role":"alert"');
    // A tap outside the dialog does nothing.
    const agree = find(root, 'agree')!;
    rt.tap(hitTest(root, agree.x + agree.w / 2, agree.y + agree.h / 2));
    expect(rt.vars.agree).toBe(false);
    expect(rt.alert).not.toBeNull();
    tapId(rt, 'yes');
    expect(rt.alert).toBeNull();
    expect(rt.vars.mode).toBe('b');
    tapId(rt, 'ask');
    expect(rt.key('BACK')).toBe(true);
    root = rt.layout(AREA);
    expect(find(root, 'yes')).toBeUndefined();
  });

  it('scrolls long lists and lists only the visible rows', () => {
    const { store } = memoryStore({ agree: true });
    const rt = new AppRuntime(MODEL, phone, store);
    expect(rt.screenId).toBe('second');
    let root = rt.layout(AREA);
    expect(find(root, 'row-1')).toBeDefined();
    expect(find(root, 'row-30')).toBeUndefined();
    expect(rt.scrollBy(100_000)).toBe(true);
    root = rt.layout(AREA);
    expect(find(root, 'row-30')).toBeDefined();
    expect(find(root, 'row-1')).toBeUndefined();
    expect(rt.scrollBy(10)).toBe(false);
    expect(rt.scrollBy(-100_000)).toBe(true);
    expect(find(rt.layout(AREA), 'row-1')).toBeDefined();
  });

  it('persists variables through the store and starts from launch rules', () => {
    const mem = memoryStore();
    const rt = new AppRuntime(MODEL, phone, mem.store);
    tapId(rt, 'agree');
    expect(mem.s.data).toMatchObject({ agree: true });
    const again = new AppRuntime(MODEL, phone, mem.store);
    expect(again.screenId).toBe('second');
    expect(again.vars.agree).toBe(true);
    const fresh = new AppRuntime(MODEL, phone, memoryStore().store);
    expect(fresh.screenId).toBe('main');
  });

  it('moves TV focus with the d-pad and activates with DPAD_CENTER', () => {
    const rt = new AppRuntime(MODEL, { platform: 'android', tv: true }, memoryStore().store);
    const focused = () => {
      const tree = toUiTree(rt.layout({ x: 0, y: 0, w: 960, h: 540 }), 1);
      const out: string[] = [];
      const visit = (n: typeof tree) => {
        if (n.focused) out.push(n.id ?? n.ref);
        n.children.forEach(visit);
      };
      visit(tree);
      return out;
    };
    expect(focused()).toEqual(['name']);
    rt.key('DPAD_DOWN');
    expect(focused()).toEqual(['agree']);
    rt.key('DPAD_CENTER');
    expect(rt.vars.agree).toBe(true);
    rt.key('DPAD_DOWN');
    expect(focused()).toEqual(['next']);
    rt.key('DPAD_UP');
    rt.key('DPAD_UP');
    expect(focused()).toEqual(['name']);
    rt.key('DPAD_DOWN');
    rt.key('DPAD_DOWN');
    rt.key('DPAD_CENTER');
    expect(rt.screenId).toBe('second');
    // Walking down a long list scrolls it.
    for (let i = 0; i < 20; i++) rt.key('DPAD_DOWN');
    expect(focused()).toEqual(['row-21']);
  });

  it('lays out the same state to the same tree', () => {
    const a = new AppRuntime(MODEL, phone, memoryStore({ name: 'x' }).store);
    const b = new AppRuntime(MODEL, phone, memoryStore({ name: 'x' }).store);
    expect(toUiTree(a.layout(AREA), 3)).toEqual(toUiTree(b.layout(AREA), 3));
  });
});

describe('secondary text in the UI tree', () => {
  const BOOKINGS: AppModel = parseAppModel(
    JSON.stringify({
      initialScreen: 'list',
      screens: {
        list: {
          title: 'Bookings',
          elements: [
            {
              type: 'list',
              id: 'bookings',
              items: [
                { id: 'b1', title: 'Lisbon', subtitle: '{{adults}} adults' },
                { id: 'b2', title: 'Porto' },
              ],
            },
            {
              type: 'button',
              id: 'cancel',
              label: 'Cancel',
              action: [
                { alert: { title: 'Done', message: 'Booking cancelled', buttons: [{ label: 'OK', id: 'ok' }] } },
              ],
            },
          ],
        },
      },
      state: { adults: 2 },
    }),
  );
  type Node = ReturnType<typeof toUiTree>;
  const byId = (n: Node, id: string): Node | undefined =>
    n.id === id ? n : n.children.map((c) => byId(c, id)).find((x) => x !== undefined);
  const inside = (outer: Node['bounds'], inner: Node['bounds']) =>
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;

  it('lists a row subtitle as a text node inside its row', () => {
    const rt = new AppRuntime(BOOKINGS, phone, memoryStore().store);
    const tree = toUiTree(rt.layout(AREA), 3);
    const row = byId(tree, 'b1')!;
    expect(row.text).toBe('Lisbon');
    const sub = row.children.find((c) => c.role === 'text');
    expect(sub?.text).toBe('2 adults');
    expect(inside(row.bounds, sub!.bounds)).toBe(true);
    expect(sub!.bounds.height).toBeGreaterThan(0);
    // A row without a subtitle has no extra node.
    expect(byId(tree, 'b2')!.children).toEqual([]);
  });

  it('lists the alert message as a text node inside the dialog; a tap on it stays in the dialog', () => {
    const rt = new AppRuntime(BOOKINGS, phone, memoryStore().store);
    tapId(rt, 'cancel');
    const root = rt.layout(AREA);
    const tree = toUiTree(root, 1);
    const dialog = byId(tree, 'alert')!;
    expect(dialog.text).toBe('Done');
    const msg = dialog.children.find((c) => c.role === 'text');
    expect(msg?.text).toBe('Booking cancelled');
    expect(inside(dialog.bounds, msg!.bounds)).toBe(true);
    const ok = byId(tree, 'ok')!;
    expect(msg!.bounds.y + msg!.bounds.height).toBeLessThanOrEqual(ok.bounds.y);
    // Tapping the message neither closes the alert nor reaches the screen below.
    const b = msg!.bounds;
    rt.tap(hitTest(root, b.x + b.width / 2, b.y + b.height / 2));
    expect(rt.alert).not.toBeNull();
  });
});
