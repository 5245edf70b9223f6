import type { Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';
import { loadXmldom } from '../../lazy-modules';
import type { UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';

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

/** `uiautomator dump` XML → UiNode tree (bounds are already device pixels). */
export function parseUiautomatorXml(xml: string): UiNode {
  const doc = new (loadXmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const hierarchy = doc.documentElement;
  if (hierarchy?.nodeName !== 'hierarchy')
    throw new DeviceDriverError('TOOL_FAILED', 'uiautomator dump returned no hierarchy');
  let n = 0;
  const convert = (el: XmlElement): UiNode => {
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
    for (const child of Array.from(el.childNodes) as XmlNode[]) {
      if (child.nodeType === 1 && child.nodeName === 'node') node.children.push(convert(child as XmlElement));
    }
    return node;
  };
  const kids = (Array.from(hierarchy.childNodes) as XmlNode[]).filter((c) => c.nodeType === 1 && c.nodeName === 'node');
  n += 1;
  const root: UiNode = {
    ref: 'e1',
    role: 'screen',
    text: null,
    id: null,
    bounds: { x: 0, y: 0, width: 0, height: 0 },
    enabled: true,
    focused: false,
    children: [],
  };
  root.children = kids.map((k) => convert(k as XmlElement));
  const first = root.children[0];
  if (first) root.bounds = { ...first.bounds };
  return root;
}
