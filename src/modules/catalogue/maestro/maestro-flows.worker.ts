import fs from 'node:fs';
import path from 'node:path';
import { AppError, type ErrorCode } from '../../../errors';
import { printable } from '../../../packages/entry-names';
import {
  Deadline,
  DEFAULT_PACKAGE_LIMITS,
  PackageRejection,
  type PackageLimits,
} from '../../../packages/package-limits';
import { ZipArchive } from '../../../packages/zip-archive';
import { markStarted, type PooledTask } from '../../../threads/task-pool';
import type { YamlLimits } from '../bounded-yaml';
import { MAX_YAML_BYTES } from '../suite-yaml';
import { MAX_FLOW_FILES, readFlowFolder, type ImportedFolder } from './flow-folder';
import { MEDIA_FILE } from './flow-parser';

export interface MaestroFlowsTask {
  filePath: string;
  fileName: string;
  limits: YamlLimits;
}

export type MaestroFlowsOutcome = { ok: true; folder: ImportedFolder } | { ok: false; code: ErrorCode; detail: string };

/** A media file `addMedia` names (stored with the flows that use it) is at most this large. */
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;

/** The package reader's caps, narrowed to a folder of text files. */
export const FLOW_ZIP_LIMITS: PackageLimits = {
  ...DEFAULT_PACKAGE_LIMITS,
  maxEntries: 2000,
  maxHeaderBytes: 1024 * 1024,
  maxUnpackedBytes: 32 * 1024 * 1024,
};

/**
 * Runs on a thread of the Maestro pool: reads one uploaded flow (.yaml) or a zipped flows folder
 * (with the package reader's zip caps) and parses every flow within the YAML caps.
 */
export default async function readMaestroFlows(task: PooledTask<MaestroFlowsTask>): Promise<MaestroFlowsOutcome> {
  markStarted(task);
  const { filePath, fileName, limits } = task.input;
  try {
    const base = path.basename(fileName);
    if (/\.zip$/i.test(base)) {
      const { texts, media } = await readZip(filePath, limits);
      return {
        ok: true,
        folder: readFlowFolder(texts, { folderName: base.replace(/\.zip$/i, ''), limits, media }),
      };
    }
    if (!/\.ya?ml$/i.test(base))
      throw new AppError('BAD_REQUEST', 'file: upload one Maestro flow (.yaml) or a flows folder packed as .zip');
    if (fs.statSync(filePath).size > MAX_YAML_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', `${base} is larger than ${MAX_YAML_BYTES / 1024 / 1024} MB`);
    const text = fs.readFileSync(filePath, 'utf8');
    const folder = readFlowFolder(new Map([[base, text]]), { folderName: base.replace(/\.ya?ml$/i, ''), limits });
    return { ok: true, folder };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, detail: err.detail };
    if (err instanceof PackageRejection)
      return {
        ok: false,
        code: err.kind === 'too_large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
        detail: `Invalid zip: ${err.message}`,
      };
    if (err instanceof RangeError)
      return { ok: false, code: 'BAD_REQUEST', detail: 'Invalid YAML: the document is nested too deeply' };
    throw err;
  }
}

/** The folder's flows and scripts by path, relative to the folder holding `config.yaml` (or the one top folder). */
async function readZip(
  filePath: string,
  limits: YamlLimits,
): Promise<{ texts: Map<string, string>; media: Map<string, Buffer> }> {
  const zip = await ZipArchive.open(filePath, FLOW_ZIP_LIMITS, new Deadline(limits.timeMs));
  try {
    const names = zip.names.filter(
      (n) =>
        !n.endsWith('/') &&
        !n.startsWith('__MACOSX/') &&
        !/(^|\/)\./.test(n) &&
        (/\.(ya?ml|js)$/i.test(n) || MEDIA_FILE.test(n)),
    );
    const configs = names
      .filter((n) => /(^|\/)config\.ya?ml$/i.test(n))
      .sort((a, b) => a.split('/').length - b.split('/').length);
    let root = configs[0] ? path.posix.dirname(configs[0]) : '';
    if (!configs[0]) {
      const tops = new Set(names.map((n) => (n.includes('/') ? n.split('/')[0] : '')));
      if (tops.size === 1 && !tops.has('')) root = [...tops][0]!;
    }
    const prefix = root === '.' || root === '' ? '' : `${root}/`;
    const texts = new Map<string, string>();
    const media = new Map<string, Buffer>();
    let total = 0;
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      if (texts.size + media.size >= MAX_FLOW_FILES)
        throw new AppError('BAD_REQUEST', `The upload has more than ${MAX_FLOW_FILES} flows and scripts`);
      const isMedia = MEDIA_FILE.test(name);
      const buf = await zip.read(name, isMedia ? MAX_MEDIA_BYTES : MAX_YAML_BYTES);
      if (buf === null) continue;
      total += buf.length;
      if (total > FLOW_ZIP_LIMITS.maxUnpackedBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The flows unpack to more than 32 MB of YAML, scripts and media');
      const rel = name.slice(prefix.length);
      if (rel.length > 300) throw new AppError('BAD_REQUEST', `The path ${printable(rel)} is too long`);
      if (isMedia) media.set(rel, buf);
      else texts.set(rel, buf.toString('utf8'));
    }
    return { texts, media };
  } finally {
    zip.close();
  }
}
