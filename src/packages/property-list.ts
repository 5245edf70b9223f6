import type { Element as XmlElement } from '@xmldom/xmldom';
import { loadXmldom } from '../lazy-modules';
import { NodeBudget, parseBinaryPlist, type PlistValue } from './binary-plist';
import { formatBytes, malformed, PackageRejection, tooLarge, unsafe, type PackageLimits } from './package-limits';

export type { PlistValue };

/**
 * Parses a property list, XML or binary, under `maxPlistBytes`, `maxDocumentNodes` and
 * `maxDocumentDepth`. `what` names the file in messages ("Info.plist").
 */
export function parsePropertyList(buf: Buffer, what: string, limits: PackageLimits): PlistValue {
  if (buf.length > limits.maxPlistBytes)
    throw tooLarge(`${what} is ${formatBytes(buf.length)}, more than the ${formatBytes(limits.maxPlistBytes)} allowed`);
  if (buf.toString('latin1', 0, 6) === 'bplist') return parseBinaryPlist(buf, what, limits);
  return parseXmlPlist(buf.toString('utf8'), what, limits);
}

function parseXmlPlist(text: string, what: string, limits: PackageLimits): PlistValue {
  // Cheap bounds before a DOM is built: every node costs at least one tag, and plists declare no entities.
  let tags = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    if (++tags > 2 * limits.maxDocumentNodes + 16)
      throw unsafe(`${what} has more than ${limits.maxDocumentNodes} nodes`);
  }
  if (/<!ENTITY/i.test(text)) throw malformed(`it declares XML entities`);
  let root: XmlElement | null;
  try {
    const doc = new (loadXmldom().DOMParser)({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
    root = doc.documentElement;
  } catch (err) {
    throw malformed(`the XML is invalid (${firstLine(err)})`);
  }
  if (root?.nodeName !== 'plist') throw malformed(`it is not a property list`);
  const value = elementChildren(root)[0];
  if (!value) throw malformed(`it is empty`);
  const nodes = new NodeBudget(what, limits.maxDocumentNodes);
  try {
    return toValue(value, 1, what, limits, nodes);
  } catch (err) {
    if (err instanceof PackageRejection) throw err;
    throw malformed(firstLine(err));
  }
}

function toValue(el: XmlElement, depth: number, what: string, limits: PackageLimits, nodes: NodeBudget): PlistValue {
  nodes.add();
  if (depth > limits.maxDocumentDepth) throw unsafe(`${what} nests deeper than ${limits.maxDocumentDepth} levels`);
  const text = () => el.textContent ?? '';
  switch (el.nodeName) {
    case 'dict': {
      const out: { [key: string]: PlistValue } = {};
      const children = elementChildren(el);
      for (let i = 0; i < children.length; i += 2) {
        const key = children[i]!;
        const val = children[i + 1];
        if (key.nodeName !== 'key' || !val) throw new Error('a dict must alternate <key> and a value');
        out[key.textContent ?? ''] = toValue(val, depth + 1, what, limits, nodes);
      }
      return out;
    }
    case 'array':
      return elementChildren(el).map((child) => toValue(child, depth + 1, what, limits, nodes));
    case 'string':
      return text();
    case 'integer':
    case 'real': {
      const n = Number(text().trim());
      if (!Number.isFinite(n)) throw new Error(`<${el.nodeName}> holds "${text().slice(0, 40)}"`);
      return n;
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'date':
      return new Date(text().trim());
    case 'data':
      return Buffer.from(text().replace(/\s+/g, ''), 'base64');
    default:
      throw new Error(`unknown element <${el.nodeName}>`);
  }
}

function elementChildren(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as XmlElement);
  return out;
}

function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .slice(0, 200);
}
