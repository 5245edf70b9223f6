import type { UiNode } from '../../../src/worker/driver';
import type { LogLevel } from '../../../src/worker/logs/device-log';

/**
 * The text and binary formats the stand-in answers in, each shaped after a real source (see
 * README.md beside this file): AOSP's logger_entry and logprint, UiAutomator's dump, getprop.
 */

/** Android log priorities (android/log.h): VERBOSE 2 … FATAL 7. */
export const PRIORITY: Record<LogLevel, number> = { debug: 3, info: 4, warn: 5, error: 6, fatal: 7 };
const LETTER = ['?', '?', 'V', 'D', 'I', 'W', 'E', 'F'];

export interface LogRecord {
  at: number;
  pid: number;
  tid: number;
  priority: number;
  tag: string;
  message: string;
}

/**
 * One entry as `logcat -B` writes it: struct logger_entry (liblog's log/log_read.h, v4: len,
 * hdr_size, pid, tid, sec, nsec, lid, uid; 28 bytes) then the payload: priority, tag, NUL,
 * message, NUL.
 */
export function logcatBinary(r: LogRecord): Buffer {
  const payload = Buffer.concat([Buffer.from([r.priority]), Buffer.from(`${r.tag}\0${r.message}\0`)]);
  const h = Buffer.alloc(28);
  h.writeUInt16LE(payload.length, 0);
  h.writeUInt16LE(28, 2);
  h.writeInt32LE(r.pid, 4);
  h.writeUInt32LE(r.tid, 8);
  h.writeUInt32LE(Math.floor(r.at / 1000), 12);
  h.writeUInt32LE((r.at % 1000) * 1_000_000, 16);
  h.writeUInt32LE(0, 20); // LOG_ID_MAIN
  h.writeUInt32LE(r.pid >= 10000 ? 10000 + r.pid : 1000, 24);
  return Buffer.concat([h, payload]);
}

/** One line as `logcat -v threadtime -v epoch` prints it (liblog logprint.c). */
export function logcatThreadtime(r: LogRecord): string {
  const sec = Math.floor(r.at / 1000);
  const ms = String(r.at % 1000).padStart(3, '0');
  return `${String(sec).padStart(5)}.${ms} ${String(r.pid).padStart(5)} ${String(r.tid).padStart(5)} ${LETTER[r.priority] ?? 'I'} ${r.tag.padEnd(8)}: ${r.message}\n`;
}

/** `getprop` without arguments: `[key]: [value]` lines, sorted. */
export function getpropText(props: Record<string, string>): string {
  return Object.keys(props)
    .sort()
    .map((k) => `[${k}]: [${props[k]}]\n`)
    .join('');
}

const CLASS_FOR_ROLE: Record<string, string> = {
  input: 'android.widget.EditText',
  button: 'android.widget.Button',
  toggle: 'android.widget.Switch',
  list: 'androidx.recyclerview.widget.RecyclerView',
  image: 'android.widget.ImageView',
  text: 'android.widget.TextView',
};

const xmlAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What both tree formats say of one virtual element: its view class, flags and resource id. */
function viewOf(n: UiNode, packageName: string) {
  const b = n.bounds;
  const clickable = n.role === 'button' || n.role === 'input' || n.role === 'toggle';
  return {
    cls: CLASS_FOR_ROLE[n.role] ?? 'android.widget.FrameLayout',
    resourceId: n.id ? (n.id.includes(':id/') ? n.id : `${packageName}:id/${n.id}`) : '',
    bounds: `[${b.x},${b.y}][${b.x + b.width},${b.y + b.height}]`,
    /** checkable … focused, in the order both formats write them. */
    flags: [
      ['checkable', String(n.checked !== undefined)],
      ['checked', String(n.checked === true)],
      ['clickable', String(clickable)],
      ['enabled', String(n.enabled)],
      ['focusable', String(clickable)],
      ['focused', String(n.focused)],
    ] as [string, string][],
  };
}

const attrText = (attrs: [string, string][]) => attrs.map(([k, v]) => `${k}="${xmlAttr(v)}"`).join(' ');

/**
 * A virtual screen's element tree as `uiautomator dump` writes it (AccessibilityNodeInfoDumper:
 * one `node` per view with index, text, resource-id, class, package, content-desc, the boolean
 * flags and `bounds="[x1,y1][x2,y2]"`, inside `<hierarchy rotation="…">`).
 */
export function uiautomatorXml(root: UiNode, packageName: string, rotation: number): string {
  const node = (n: UiNode, index: number): string => {
    const v = viewOf(n, packageName);
    const attrs = attrText([
      ['index', String(index)],
      ['text', n.text ?? ''],
      ['resource-id', v.resourceId],
      ['class', v.cls],
      ['package', packageName],
      ['content-desc', ''],
      ...v.flags,
      ['scrollable', String(n.role === 'list')],
      ['long-clickable', String(n.role === 'input')],
      ['password', 'false'],
      ['selected', 'false'],
      ['bounds', v.bounds],
    ]);
    const kids = n.children.map((c, i) => node(c, i)).join('');
    return kids ? `<node ${attrs}>${kids}</node>` : `<node ${attrs} />`;
  };
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="${rotation}">${node(root, 0)}</hierarchy>`;
}

/**
 * The same tree as the UiAutomator2 server's page source (its AccessibilityNodeInfoDumper and
 * UiElementSnapshot): an indented document whose root is `<hierarchy index="0"
 * class="hierarchy" rotation width height>` and whose elements are named after the view class,
 * with the attributes in UiElementSnapshot.SUPPORTED_ATTRIBUTES order, null ones left out (no
 * content-desc, hint or error here; resource-id only where the view has one; selection and
 * input-type only on text fields) and `displayed`, the a11y flags and `window-id` added.
 */
export function uiautomator2Xml(
  root: UiNode,
  packageName: string,
  screen: { width: number; height: number; rotation: number },
): string {
  const node = (n: UiNode, index: number, depth: number): string => {
    const v = viewOf(n, packageName);
    const input = n.role === 'input';
    const caret = String((n.text ?? '').length);
    const attrs = attrText([
      ['index', String(index)],
      ['package', packageName],
      ['class', v.cls],
      ['text', n.text ?? ''],
      ...(v.resourceId ? [['resource-id', v.resourceId] as [string, string]] : []),
      ...v.flags,
      ['long-clickable', String(input)],
      ['password', 'false'],
      ['scrollable', String(n.role === 'list')],
      ...(input
        ? ([
            ['selection-start', caret],
            ['selection-end', caret],
          ] as [string, string][])
        : []),
      ['selected', 'false'],
      ['bounds', v.bounds],
      ['displayed', 'true'],
      ['a11y-important', 'true'],
      ['screen-reader-focusable', 'false'],
      ...(input ? [['input-type', '1'] as [string, string]] : []),
      ['drawing-order', String(depth === 1 ? 0 : index + 1)],
      ['showing-hint', 'false'],
      ['text-entry-key', 'false'],
      ['dismissable', 'false'],
      ['a11y-focused', 'false'],
      ['heading', 'false'],
      ['live-region', '0'],
      ['context-clickable', 'false'],
      ['content-invalid', 'false'],
      ['window-id', '1'],
    ]);
    const pad = '  '.repeat(depth);
    if (n.children.length === 0) return `${pad}<${v.cls} ${attrs} />\n`;
    const kids = n.children.map((c, i) => node(c, i, depth + 1)).join('');
    return `${pad}<${v.cls} ${attrs}>\n${kids}${pad}</${v.cls}>\n`;
  };
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy index="0" class="hierarchy" rotation="${screen.rotation}" width="${screen.width}" height="${screen.height}">\n${node(root, 0, 1)}</hierarchy>\n`;
}
