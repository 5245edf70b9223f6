import path from 'node:path/posix';
import { AppError } from '../../../errors';
import type { YamlLimits } from '../bounded-yaml';
import { readBoundedYaml } from '../bounded-yaml';
import type { MaestroFile, MaestroFlow } from './flow-model';
import { sniffMedia } from '../../../worker/device-capabilities';
import { isRecord, parseMaestroFlow } from './flow-parser';

/** At most this many flow and script files in one import. */
export const MAX_FLOW_FILES = 500;

/** One flow the import makes a case of. */
export interface ImportedFlow {
  /** Its path in the folder, which export writes it back to. */
  file: string;
  name: string;
  tags: string[];
  reusable: boolean;
  /** Every file it can reach (itself included), by path. */
  files: Record<string, MaestroFile>;
}

export interface ImportedFolder {
  /** The suite's name (the folder's, or the single flow's). */
  name: string;
  appId: string | null;
  flows: ImportedFlow[];
  warnings: string[];
}

const isFlowFile = (p: string) => /\.ya?ml$/i.test(p);
const isScript = (p: string) => /\.js$/i.test(p);

/**
 * Reads a flows folder (its files by path, already unpacked within caps): which files are flows
 * (the config's `flows` globs, else the top-level YAML files, as Maestro picks them), each
 * parsed; the files they reach through `runFlow`/`retry`/`runScript` become reusable cases (or
 * scripts). Every problem is collected; any makes the whole import a 400 listing them.
 */
export function readFlowFolder(
  texts: Map<string, string>,
  opts: { folderName: string; limits: YamlLimits; media?: Map<string, Buffer> },
): ImportedFolder {
  const media = opts.media ?? new Map<string, Buffer>();
  const warnings: string[] = [];
  const problems: string[] = [];
  const files = new Map<string, MaestroFile>();
  const refs = new Map<string, string[]>();
  let selected: string[];
  const config = texts.get('config.yaml') ?? texts.get('config.yml');
  if (config !== undefined) {
    const value = readBoundedYaml(config, opts.limits);
    const cfg = isRecord(value) ? value : {};
    for (const key of Object.keys(cfg)) {
      if (key !== 'flows')
        warnings.push(`config.yaml: ${key} is not applied on import (simdeck runs every flow of the suite)`);
    }
    const globs = Array.isArray(cfg.flows) ? cfg.flows.map(String) : ['*'];
    selected = [...texts.keys()].filter(
      (p) => isFlowFile(p) && !/^config\.ya?ml$/.test(p) && globs.some((g) => globMatch(g, p)),
    );
  } else {
    selected = [...texts.keys()].filter((p) => isFlowFile(p) && !p.includes('/'));
  }
  selected.sort();
  if (selected.length === 0) throw new AppError('BAD_REQUEST', 'The upload holds no Maestro flow (.yaml) to import');

  const queue = [...selected];
  while (queue.length > 0) {
    const p = queue.shift()!;
    if (files.has(p)) continue;
    const text = texts.get(p)!;
    if (isScript(p)) {
      files.set(p, { source: text, flow: null });
      continue;
    }
    const parsed = parseMaestroFlow(p, text, opts.limits);
    problems.push(...parsed.problems);
    files.set(p, { source: text, flow: parsed.flow });
    const mine: string[] = [];
    for (const ref of parsed.references) {
      const target = path.normalize(path.join(path.dirname(p), ref.path));
      if (target.startsWith('../') || path.isAbsolute(target)) {
        problems.push(`${p}:${ref.line}: ${ref.command} — ${ref.path} is outside the flows folder`);
      } else if (ref.command === 'addMedia') {
        const bytes = media.get(target);
        if (!bytes) problems.push(`${p}:${ref.line}: addMedia — ${ref.path} is not in the upload`);
        else if (!sniffMedia(bytes.subarray(0, 16)))
          problems.push(`${p}:${ref.line}: addMedia — ${ref.path} is not a JPEG, PNG, HEIC or MP4 file`);
        else {
          mine.push(target);
          files.set(target, { source: bytes.toString('base64'), flow: null, encoding: 'base64' });
        }
      } else if (!texts.has(target)) {
        problems.push(`${p}:${ref.line}: ${ref.command} — ${ref.path} is not in the upload`);
      } else if (ref.command !== 'runScript' && !isFlowFile(target)) {
        problems.push(`${p}:${ref.line}: ${ref.command} — ${ref.path} is not a flow (.yaml)`);
      } else {
        mine.push(target);
        queue.push(target);
      }
    }
    refs.set(p, mine);
    if (files.size > MAX_FLOW_FILES)
      throw new AppError('BAD_REQUEST', `The upload has more than ${MAX_FLOW_FILES} flows and scripts`);
  }
  if (problems.length > 0)
    throw new AppError('BAD_REQUEST', `The flows use what simdeck cannot run:\n${problems.slice(0, 200).join('\n')}`);

  const reach = (from: string): Record<string, MaestroFile> => {
    const out: Record<string, MaestroFile> = {};
    const stack = [from];
    while (stack.length) {
      const p = stack.pop()!;
      if (out[p]) continue;
      out[p] = files.get(p)!;
      stack.push(...(refs.get(p) ?? []));
    }
    return out;
  };
  const chosen = new Set(selected);
  const flows: ImportedFlow[] = [...files.keys()]
    .filter((p) => files.get(p)!.flow !== null)
    .sort()
    .map((p) => {
      const flow = files.get(p)!.flow as MaestroFlow;
      return {
        file: p,
        name: flow.name ?? p.replace(/\.ya?ml$/i, ''),
        tags: flow.tags,
        reusable: !chosen.has(p),
        files: reach(p),
      };
    });
  const appIds = new Set(
    flows
      .filter((f) => !f.reusable)
      .map((f) => f.files[f.file]!.flow!.appId)
      .filter((a) => a),
  );
  if (appIds.size > 1) warnings.push(`the flows name ${appIds.size} apps; the suite runs them against one`);
  const single = texts.size === 1 ? flows[0] : undefined;
  return {
    name: single ? single.name : opts.folderName,
    appId: [...appIds][0] ?? null,
    flows,
    warnings,
  };
}

/** Maestro's flow globs: `*` within a folder, `**` across folders; a folder name means its files. */
export function globMatch(glob: string, p: string): boolean {
  let g = glob.replace(/^\.\//, '');
  if (!/[*?]/.test(g) && !isFlowFile(g)) g = `${g.replace(/\/$/, '')}/*`;
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const ch = g[i]!;
    if (ch === '*' && g[i + 1] === '*') {
      re += '.*';
      i++;
      if (g[i + 1] === '/') i++;
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(p);
}
