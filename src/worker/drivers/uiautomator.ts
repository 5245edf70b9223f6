import type { Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';
import { loadXmldom } from '../../lazy-modules';
import type { UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';

/**
 * The Android UI tree from either producer, both built from AccessibilityNodeInfo:
 *  - `uiautomator dump`: `<hierarchy rotation>` of `<node class=… index text resource-id
 *    content-desc … bounds>` elements, visible views only;
 *  - the UiAutomator2 server's page source: `<hierarchy index class="hierarchy" rotation width
 *    height>` of elements named after the view's class (`<android.widget.Button class=… …>`),
 *    null attributes left out (no `content-desc` when there is none), and every view with
 *    `displayed="true|false"`. Views not displayed are left out here, as the dump does.
 * Caps: a tree deeper than MAX_DEPTH or larger than MAX_NODES is cut there (UiAutomator2 itself
 * stops at depth 70 by default); a screen never comes near either.
 */
const MAX_DEPTH = 200;
const MAX_NODES = 20_000;

function parseBounds(b: string | null): { x: number; y: number; width: number; height: number } {
  const m = /\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(b ?? '');
  if (!m) return { x: 0, y: 0, width: 0, height: 0 };
  const [x1, y1, x2, y2] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

function roleFor(cls: string, attrs: { checkable: boolean; scrollable: boolean; clickable: boolean }): string {
  const c = cls.split('.').at(-1) ?? cls;
  if (/EditText|AutoCompleteTextView/.test(c)) return 'input';
  if (/Switch|CheckBox|ToggleButton|RadioButton/.test(c) || attrs.checkable) return 'toggle';
  if (/Button/.test(c)) return 'button';
  if (/RecyclerView|ListView|ScrollView|GridView/.test(c) || attrs.scrollable) return 'list';
  // A clickable image is a button (an icon button): it needs a content-desc to be named.
  if (/ImageView/.test(c)) return attrs.clickable ? 'button' : 'image';
  if (/TextView/.test(c)) return attrs.clickable ? 'button' : 'text';
  return attrs.clickable ? 'button' : 'group';
}

const elements = (el: XmlNode): XmlElement[] =>
  (Array.from(el.childNodes) as XmlNode[]).filter((c): c is XmlElement => c.nodeType === 1);

/** `uiautomator dump` XML or a UiAutomator2 page source → UiNode tree (bounds are device pixels). */
export function parseUiautomatorXml(xml: string): UiNode {
  const doc = new (loadXmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const hierarchy = doc.documentElement;
  if (hierarchy?.nodeName !== 'hierarchy')
    throw new DeviceDriverError('TOOL_FAILED', 'the UI tree XML has no hierarchy');
  let n = 1;
  // A dump's views are all `node`; a page source names each after its class (`class` says it too).
  const isView = (el: XmlElement) => el.nodeName === 'node' || el.hasAttribute('class');
  const shown = (el: XmlElement) => isView(el) && el.getAttribute('displayed') !== 'false';
  const convert = (el: XmlElement, depth: number): UiNode => {
    n += 1;
    const a = (k: string) => el.getAttribute(k);
    const text = a('text') || a('content-desc') || null;
    const checkable = a('checkable') === 'true';
    const node: UiNode = {
      ref: `e${n}`,
      role: roleFor(a('class') ?? '', {
        checkable,
        scrollable: a('scrollable') === 'true',
        clickable: a('clickable') === 'true',
      }),
      text,
      id: a('resource-id') || null,
      bounds: parseBounds(a('bounds')),
      enabled: a('enabled') !== 'false',
      focused: a('focused') === 'true',
      children: [],
    };
    if (checkable) node.checked = a('checked') === 'true';
    if (depth < MAX_DEPTH)
      for (const child of elements(el)) {
        if (n >= MAX_NODES) break;
        if (shown(child)) node.children.push(convert(child, depth + 1));
      }
    return node;
  };
  const root: UiNode = {
    ref: 'e1',
    role: 'screen',
    text: null,
    id: null,
    bounds: { x: 0, y: 0, width: 0, height: 0 },
    enabled: true,
    focused: false,
    children: elements(hierarchy)
      .filter(shown)
      .map((k) => convert(k, 1)),
  };
  const width = Number(hierarchy.getAttribute('width'));
  const height = Number(hierarchy.getAttribute('height'));
  const first = root.children[0];
  // The page source says the display's size; a dump only has the first window's bounds.
  if (width > 0 && height > 0) root.bounds = { x: 0, y: 0, width, height };
  else if (first) root.bounds = { ...first.bounds };
  return root;
}
