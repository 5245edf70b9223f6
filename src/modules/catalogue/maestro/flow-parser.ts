import type { Node as YamlNode, YAMLMap, YAMLSeq } from 'yaml';
import { AppError } from '../../../errors';
import { loadYaml } from '../../../lazy-modules';
import { readBoundedYaml, type YamlLimits } from '../bounded-yaml';
import { capabilityProblems } from './maestro-capabilities';
import {
  COMMAND_SHAPES,
  CONDITION_FIELDS,
  HEADER_FIELDS,
  NOT_YET_SUPPORTED,
  SELECTOR_FIELDS,
  UNSUPPORTED_SELECTOR_FIELDS,
  type MaestroCommand,
  type MaestroFlow,
} from './flow-model';
import { unsafeRegexReason } from './safe-regex';

/** Inline commands nest at most this deep in one file (`repeat` in `retry` in `runFlow`...). */
const MAX_INLINE_DEPTH = 8;

/** What reading one flow file gives: the flow, and every problem found, as `file:line: command — why`. */
export interface ParsedFile {
  flow: MaestroFlow;
  problems: string[];
  /** Files its `runFlow`/`retry`/`runScript` commands name, relative to the folder root. */
  references: Array<{ path: string; line: number; command: string }>;
}

/**
 * Reads one Maestro flow file: a header document, `---`, and a sequence of commands (a file that
 * is only a sequence has an empty header). Each document is read with the bounded YAML reader's
 * caps first; only then is it composed again for the lines of its commands.
 */
export function parseMaestroFlow(file: string, text: string, limits: YamlLimits): ParsedFile {
  const sep = /^---[ \t]*$/m.exec(text);
  const headerText = sep ? text.slice(0, sep.index) : '';
  const bodyText = sep ? text.slice(sep.index + sep[0].length) : text;
  const headerLines = sep ? text.slice(0, sep.index).split('\n').length - 1 : 0;
  const problems: string[] = [];
  const references: ParsedFile['references'] = [];
  const fail = (line: number, command: string, why: string) => problems.push(`${file}:${line}: ${command} — ${why}`);
  const named = (detail: string) => new AppError('BAD_REQUEST', `${file}: ${detail}`);
  const read = (part: string) => {
    try {
      return readBoundedYaml(part, limits);
    } catch (err) {
      if (err instanceof AppError) throw named(err.detail);
      throw err;
    }
  };
  const header = headerText.trim() ? read(headerText) : {};
  const body = read(bodyText);
  const flow: MaestroFlow = {
    appId: null,
    name: null,
    tags: [],
    env: {},
    onFlowStart: [],
    onFlowComplete: [],
    commands: [],
  };
  if (header !== null && (typeof header !== 'object' || Array.isArray(header)))
    throw named('the header (before ---) must be a mapping');
  const headerNodes = composeNodes(headerText);
  const bodyNodes = composeNodes(bodyText);
  const headerCtx: ReadCtx = { file, fail, references, lineOf: headerNodes.lines };
  const bodyCtx: ReadCtx = { file, fail, references, lineOf: (o) => headerLines + bodyNodes.lines(o) };
  const h = (header ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(h)) {
    if (!HEADER_FIELDS.includes(key)) fail(keyLine(headerNodes, key), key, 'not a header field Maestro defines');
  }
  if (h.appId !== undefined && h.appId !== null) flow.appId = String(h.appId);
  if (h.name !== undefined && h.name !== null) flow.name = String(h.name);
  if (Array.isArray(h.tags)) flow.tags = h.tags.map(String);
  else if (h.tags !== undefined) fail(keyLine(headerNodes, 'tags'), 'tags', 'must be a list');
  if (h.env !== undefined) {
    if (!isRecord(h.env)) fail(keyLine(headerNodes, 'env'), 'env', 'must be a mapping of names to values');
    else for (const [k, v] of Object.entries(h.env)) flow.env[k] = v === null ? '' : String(v);
  }
  for (const hook of ['onFlowStart', 'onFlowComplete'] as const) {
    if (h[hook] === undefined) continue;
    flow[hook] = readCommands(headerCtx, h[hook], mapValueNode(headerNodes.node, hook), 0, keyLine(headerNodes, hook));
  }
  if (!Array.isArray(body)) {
    if (body !== null) fail(headerLines + 1, 'flow', 'the commands (after ---) must be a list');
    return { flow, problems, references };
  }
  flow.commands = readCommands(bodyCtx, body, bodyNodes.node, 0, headerLines + 1);
  return { flow, problems, references };
}

function keyLine(doc: ComposedDoc, key: string): number {
  const { isMap } = loadYaml();
  if (!isMap(doc.node)) return 1;
  const pair = (doc.node as YAMLMap).items.find((p) => String((p.key as { value?: unknown } | null)?.value) === key);
  const offset = (pair?.key as YamlNode | undefined)?.range?.[0];
  return offset === undefined ? 1 : doc.lines(offset);
}

interface ReadCtx {
  file: string;
  fail(line: number, command: string, why: string): void;
  references: ParsedFile['references'];
  /** The 1-based line in the file of an offset into the document being read. */
  lineOf(offset: number): number;
}

/** A document composed again (within the caps already checked) for its nodes' offsets. */
interface ComposedDoc {
  node: YamlNode | null;
  lines: (offset: number) => number;
}

function composeNodes(text: string): ComposedDoc {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lines = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  if (!text.trim()) return { node: null, lines };
  const { parseDocument } = loadYaml();
  const doc = parseDocument(text, { merge: false, uniqueKeys: false });
  return { node: (doc.contents as YamlNode | null) ?? null, lines };
}

function mapValueNode(node: YamlNode | null, key: string): YamlNode | null {
  const { isMap } = loadYaml();
  if (!isMap(node)) return null;
  const v = (node as YAMLMap).get(key, true);
  return (v as YamlNode | undefined) ?? null;
}

function readCommands(
  ctx: ReadCtx,
  value: unknown,
  node: YamlNode | null,
  depth: number,
  fallback: number,
): MaestroCommand[] {
  const { isSeq } = loadYaml();
  if (!Array.isArray(value)) {
    ctx.fail(fallback, 'commands', 'must be a list of commands');
    return [];
  }
  if (depth > MAX_INLINE_DEPTH) {
    ctx.fail(fallback, 'commands', `inline commands nest more than ${MAX_INLINE_DEPTH} deep`);
    return [];
  }
  const items = isSeq(node) ? (node as YAMLSeq).items : [];
  const out: MaestroCommand[] = [];
  value.forEach((item, i) => {
    const itemNode = (items[i] as YamlNode | undefined) ?? null;
    const offset = itemNode?.range?.[0];
    const line = offset === undefined ? fallback : ctx.lineOf(offset);
    const cmd = readCommand(ctx, item, itemNode, line, depth);
    if (cmd) out.push(cmd);
  });
  return out;
}

function readCommand(
  ctx: ReadCtx,
  item: unknown,
  node: YamlNode | null,
  line: number,
  depth: number,
): MaestroCommand | null {
  let name: string;
  let args: unknown = null;
  if (typeof item === 'string') name = item;
  else if (isRecord(item) && Object.keys(item).length === 1) {
    name = Object.keys(item)[0]!;
    args = item[name];
  } else {
    ctx.fail(line, 'command', 'each command is a name, or a mapping of one name to its value');
    return null;
  }
  const cmd: MaestroCommand = { name, args, file: ctx.file, line };
  const why = NOT_YET_SUPPORTED[name];
  if (why) {
    ctx.fail(line, name, why);
    return null;
  }
  const shape = COMMAND_SHAPES[name];
  if (!shape) {
    ctx.fail(line, name, 'not a command simdeck knows');
    return null;
  }
  if (name === 'addMedia') return readAddMedia(ctx, cmd);
  if (args !== null) for (const problem of capabilityProblems(name, args)) ctx.fail(line, name, problem);
  if (args === null) {
    if (!shape.bare) ctx.fail(line, name, 'needs a value');
    return cmd;
  }
  if (!isRecord(args)) {
    if (Array.isArray(args) || !shape.scalar) ctx.fail(line, name, 'needs a mapping of its fields');
    else if (shape.selector) checkText(ctx, line, name, String(args));
    const ref = scalarReference(cmd);
    if (ref) ctx.references.push({ path: ref, line, command: name });
    return cmd;
  }
  const allowed = new Set([
    ...(shape.fields ?? []),
    ...(shape.selector ? SELECTOR_FIELDS : []),
    ...(shape.commands ? ['commands'] : []),
  ]);
  for (const key of Object.keys(args)) {
    if (allowed.has(key)) continue;
    const unsupported = shape.selector ? UNSUPPORTED_SELECTOR_FIELDS[key] : undefined;
    ctx.fail(line, name, unsupported ? `${key}: ${unsupported}` : `${key}: not a field of ${name}`);
  }
  if (shape.selector) checkSelector(ctx, line, name, args, 0);
  for (const key of ['element', 'from', 'visible', 'notVisible']) {
    const v = args[key];
    if (v === undefined || !allowed.has(key)) continue;
    if (isRecord(v)) checkSelector(ctx, line, `${name}.${key}`, v, 0);
    else if (typeof v === 'string') checkText(ctx, line, name, v);
    else ctx.fail(line, name, `${key}: must be a selector`);
  }
  if (args.when !== undefined) checkCondition(ctx, line, name, args.when);
  if (args.while !== undefined) checkCondition(ctx, line, name, args.while);
  if (shape.commands && args.commands !== undefined) {
    const inner = mapValueNode(mapValueNode(node, name), 'commands');
    cmd.commands = readCommands(ctx, args.commands, inner, depth + 1, line);
  }
  if (shape.commands && name !== 'repeat' && args.commands === undefined && typeof args.file !== 'string')
    ctx.fail(line, name, 'needs `file` or `commands`');
  if (name === 'repeat' && args.commands === undefined) ctx.fail(line, name, 'needs `commands`');
  const ref = typeof args.file === 'string' ? args.file : null;
  if (ref) ctx.references.push({ path: ref, line, command: name });
  return cmd;
}

/** Media files a device's library takes (by name here; by their first bytes when the folder is read). */
export const MEDIA_FILE = /\.(png|jpe?g|heic|mp4)$/i;

/** `addMedia`: a list of files (or `files:` with `label`/`optional`), each a reference to check. */
function readAddMedia(ctx: ReadCtx, cmd: MaestroCommand): MaestroCommand {
  const { args, line, name } = cmd;
  if (isRecord(args))
    for (const key of Object.keys(args))
      if (!['files', 'label', 'optional'].includes(key)) ctx.fail(line, name, `${key}: not a field of addMedia`);
  const files = Array.isArray(args) ? args : isRecord(args) ? args.files : undefined;
  if (!Array.isArray(files) || files.length === 0 || files.length > 20) {
    ctx.fail(line, name, 'needs a list of 1 to 20 media files');
    return cmd;
  }
  for (const f of files) {
    if (typeof f !== 'string' || !f) ctx.fail(line, name, 'each media file is a path');
    else if (!MEDIA_FILE.test(f)) ctx.fail(line, name, `${f}: devices add JPEG, PNG, HEIC and MP4 files`);
    else ctx.references.push({ path: f, line, command: name });
  }
  return cmd;
}

/** Scalar file references (`- runFlow: login.yaml`, `- runScript: x.js`) are references too. */
export function scalarReference(cmd: MaestroCommand): string | null {
  if ((cmd.name === 'runFlow' || cmd.name === 'runScript') && typeof cmd.args === 'string') return cmd.args;
  return null;
}

function checkSelector(ctx: ReadCtx, line: number, name: string, sel: Record<string, unknown>, depth: number): void {
  if (depth > 4) {
    ctx.fail(line, name, 'relative selectors nest more than 4 deep');
    return;
  }
  for (const key of ['text', 'id']) {
    const v = sel[key];
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number') ctx.fail(line, name, `${key}: must be text`);
    else if (v !== undefined) checkText(ctx, line, name, String(v));
  }
  for (const key of ['below', 'above', 'leftOf', 'rightOf', 'containsChild', 'childOf']) {
    const v = sel[key];
    if (v === undefined) continue;
    if (isRecord(v)) {
      for (const k of Object.keys(v))
        if (!SELECTOR_FIELDS.includes(k)) ctx.fail(line, name, `${key}.${k}: not a selector field`);
      checkSelector(ctx, line, name, v, depth + 1);
    } else if (typeof v === 'string') checkText(ctx, line, name, v);
    else ctx.fail(line, name, `${key}: must be a selector`);
  }
  if (sel.containsDescendants !== undefined) {
    if (!Array.isArray(sel.containsDescendants))
      ctx.fail(line, name, 'containsDescendants: must be a list of selectors');
    else
      for (const d of sel.containsDescendants) {
        if (isRecord(d)) checkSelector(ctx, line, name, d, depth + 1);
        else if (typeof d === 'string') checkText(ctx, line, name, d);
      }
  }
}

function checkText(ctx: ReadCtx, line: number, name: string, text: string): void {
  if (text.includes('${')) return; // known only when run; checked then
  const why = unsafeRegexReason(text);
  if (why) ctx.fail(line, name, why);
}

function checkCondition(ctx: ReadCtx, line: number, name: string, cond: unknown): void {
  if (!isRecord(cond)) {
    ctx.fail(line, name, 'a condition is a mapping of visible, notVisible, true or platform');
    return;
  }
  for (const key of Object.keys(cond)) {
    if (!CONDITION_FIELDS.includes(key)) ctx.fail(line, name, `${key}: not a condition Maestro defines`);
  }
  for (const key of ['visible', 'notVisible']) {
    const v = cond[key];
    if (isRecord(v)) checkSelector(ctx, line, name, v, 0);
    else if (typeof v === 'string') checkText(ctx, line, name, v);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
