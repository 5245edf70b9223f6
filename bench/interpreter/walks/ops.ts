import type { UiNode } from '../../../src/worker/driver';
import type { AppOnDevice } from '../../../test/virtual/app-driver';
import { findAll } from '../../../test/virtual/ui';

/**
 * What a person does and checks for one step of a case, by element id, on a virtual phone. A walk
 * (`apps/<app>/walks/`) spells each case of the app set's `cases.json` out this way, step by step,
 * so that `check.ts` can tell on which step a case stops on each build, without the interpreter.
 */
export type Op =
  | { tap: string }
  /** A tap that may meet a disabled control (and then does nothing). */
  | { tryTap: string }
  | { type: string; text: string }
  /** Types into the input being edited (after a tap on it), without leaving it. */
  | { keys: string }
  /** The keyboard's Enter key. */
  | { enter: true }
  | { back: true }
  /** Closes the app and opens it again (its data kept). */
  | { relaunch: true }
  /** The navigation title (or the title of a screen without a bar). */
  | { screen: string }
  /** The element shows exactly this text. */
  | { shows: string; text: string }
  /** No element on the screen (scrolled through) shows exactly this text. */
  | { notSee: string }
  | { on: string; is: boolean }
  | { enabled: string; is: boolean }
  | { present: string }
  | { absent: string }
  /** The rows (list items) whose id starts with `prefix`, top to bottom, are exactly these. */
  | { rows: string; texts: string[] }
  | { firstRow: string; text: string }
  | { lastRow: string; text: string }
  /** The row at `n` (1-based) of the rows whose id starts with `prefix`, top to bottom. */
  | { nthRow: string; n: number; text: string }
  | { rowCount: string; n: number }
  /** A list row's second line (its subtitle). */
  | { sub: string; text: string }
  /** The open dialog's message. */
  | { alertSays: string }
  /** A dialog with this title is open (null: none is). */
  | { alert: string | null }
  /** A text the device's UI tree does not report (a row's second line, a dialog's message): seen only in pictures. */
  | { pictured: string };

/** A case spelt out by element id: one list of ops per step and per assertion, in the case's order. */
export interface Walk {
  name: string;
  steps: Op[][];
  assertions?: Op[][];
}

export const tap = (id: string): Op => ({ tap: id });
export const type = (id: string, text: string): Op => ({ type: id, text });
export const back: Op = { back: true };
export const screen = (title: string): Op => ({ screen: title });
export const shows = (id: string, text: string): Op => ({ shows: id, text });
export const notSee = (text: string): Op => ({ notSee: text });
export const on = (id: string, is = true): Op => ({ on: id, is });
export const off = (id: string): Op => ({ on: id, is: false });
export const enabled = (id: string, is = true): Op => ({ enabled: id, is });
export const present = (id: string): Op => ({ present: id });
export const absent = (id: string): Op => ({ absent: id });
export const rows = (prefix: string, texts: string[]): Op => ({ rows: prefix, texts });
export const firstRow = (prefix: string, text: string): Op => ({ firstRow: prefix, text });
export const lastRow = (prefix: string, text: string): Op => ({ lastRow: prefix, text });
export const nthRow = (prefix: string, n: number, text: string): Op => ({ nthRow: prefix, n, text });
export const rowCount = (prefix: string, n: number): Op => ({ rowCount: prefix, n });
export const sub = (id: string, text: string): Op => ({ sub: id, text });
export const alertSays = (text: string): Op => ({ alertSays: text });
export const alert = (title: string | null): Op => ({ alert: title });
export const pictured = (what: string): Op => ({ pictured: what });

/** Every node of the current screen, scrolled from top to bottom (each element once, by id or text). */
async function wholeScreen(app: AppOnDevice): Promise<UiNode[]> {
  await app.scrollToTop();
  const seen = new Map<string, UiNode>();
  for (let page = 0; page < 20; page++) {
    const t = await app.tree();
    for (const n of findAll(t, (x) => x.role !== 'application' && x.role !== 'screen')) {
      const key = `${n.role}|${n.id ?? ''}|${n.text ?? ''}`;
      if (!seen.has(key)) seen.set(key, n);
    }
    if (!(await app.scrollDown())) break;
  }
  await app.scrollToTop();
  return [...seen.values()];
}

async function openAlert(app: AppOnDevice): Promise<UiNode | undefined> {
  return findAll(await app.tree(), (n) => n.role === 'alert' && n.id === 'alert')[0];
}

/** Runs one op; throws with what was found instead. */
export async function runOp(app: AppOnDevice, op: Op, relaunch: () => Promise<void>): Promise<void> {
  const need = async (id: string) => {
    const node = await app.reveal(id);
    if (!node) throw new Error(`no #${id} on "${await app.title()}"`);
    return node;
  };
  if ('tap' in op) {
    const node = await need(op.tap);
    if (!node.enabled) throw new Error(`#${op.tap} is disabled`);
    await app.tap(op.tap);
  } else if ('tryTap' in op) await app.tap(op.tryTap);
  else if ('type' in op) {
    await need(op.type);
    await app.type(op.type, op.text);
  } else if ('keys' in op) await app.driver.input(app.deviceId, { kind: 'text', text: op.keys });
  else if ('enter' in op) await app.driver.input(app.deviceId, { kind: 'key', key: 'ENTER' });
  else if ('back' in op) await app.back();
  else if ('relaunch' in op) await relaunch();
  else if ('screen' in op) {
    const title = await app.title();
    if (title !== op.screen) throw new Error(`the screen is "${title}", not "${op.screen}"`);
  } else if ('shows' in op) {
    const text = (await need(op.shows)).text ?? '';
    if (text !== op.text) throw new Error(`#${op.shows} shows "${text}", not "${op.text}"`);
  } else if ('notSee' in op) {
    if ((await wholeScreen(app)).some((n) => n.text === op.notSee))
      throw new Error(`"${op.notSee}" is on "${await app.title()}"`);
  } else if ('on' in op) {
    const node = await need(op.on);
    if (node.checked !== op.is) throw new Error(`#${op.on} is ${node.checked ? 'on' : 'off'}`);
  } else if ('enabled' in op) {
    const node = await need(op.enabled);
    if (node.enabled !== op.is) throw new Error(`#${op.enabled} is ${node.enabled ? 'enabled' : 'disabled'}`);
  } else if ('present' in op) await need(op.present);
  else if ('absent' in op) {
    if (await app.reveal(op.absent)) throw new Error(`#${op.absent} is on "${await app.title()}"`);
  } else if ('rows' in op || 'firstRow' in op || 'lastRow' in op || 'nthRow' in op || 'rowCount' in op) {
    const prefix =
      'rows' in op
        ? op.rows
        : 'firstRow' in op
          ? op.firstRow
          : 'lastRow' in op
            ? op.lastRow
            : 'nthRow' in op
              ? op.nthRow
              : op.rowCount;
    const items = (await wholeScreen(app)).filter((n) => n.role === 'list_item' && n.id?.startsWith(prefix));
    const texts = items.map((n) => n.text ?? '');
    const ok =
      'rows' in op
        ? JSON.stringify(texts) === JSON.stringify(op.texts)
        : 'firstRow' in op
          ? texts[0] === op.text
          : 'lastRow' in op
            ? texts.at(-1) === op.text
            : 'nthRow' in op
              ? texts[op.n - 1] === op.text
              : texts.length === op.n;
    if (!ok) throw new Error(`the rows ${prefix}… are ${JSON.stringify(texts)}`);
  } else if ('sub' in op) {
    const line = (await need(op.sub)).children.find((c) => c.role === 'text')?.text ?? '';
    if (line !== op.text) throw new Error(`#${op.sub}'s second line is "${line}", not "${op.text}"`);
  } else if ('alertSays' in op) {
    const dialog = await openAlert(app);
    if (!dialog) throw new Error('no dialog is open');
    const message = dialog.children.find((c) => c.role === 'text')?.text ?? '';
    if (message !== op.alertSays) throw new Error(`the dialog says "${message}", not "${op.alertSays}"`);
  } else if ('alert' in op) {
    const title = (await openAlert(app))?.text ?? null;
    if (title !== op.alert) throw new Error(`the dialog is ${JSON.stringify(title)}, not ${JSON.stringify(op.alert)}`);
  }
  // `pictured`: nothing the UI tree can confirm; the walk keeps it to say the step checks it.
}
