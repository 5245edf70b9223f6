import fs from 'node:fs';
import { AppError, type ErrorCode } from '../../errors';
import { markStarted, type PooledTask } from '../../threads/task-pool';
import type { YamlLimits } from './bounded-yaml';
import { parseSuiteYaml, type SuiteDocument } from './suite-yaml';

/** One import to read: the spooled file and the caps. */
export interface SuiteYamlTask {
  filePath: string;
  limits: YamlLimits;
}

export type SuiteYamlOutcome = { ok: true; doc: SuiteDocument } | { ok: false; code: ErrorCode; detail: string };

/**
 * Runs on a thread of the YAML pool (piscina loads this module): reads the uploaded file, parses it
 * within the caps and checks it against the suite format. Refusals travel back as data.
 */
export default function readSuiteYaml(task: PooledTask<SuiteYamlTask>): SuiteYamlOutcome {
  markStarted(task);
  try {
    const text = fs.readFileSync(task.input.filePath, 'utf8');
    return { ok: true, doc: parseSuiteYaml(text, task.input.limits) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, detail: err.detail };
    // A parser recursing past the thread's stack despite the caps: still the document's fault.
    if (err instanceof RangeError)
      return { ok: false, code: 'BAD_REQUEST', detail: 'Invalid YAML: the document is nested too deeply' };
    throw err;
  }
}
