import fs from 'node:fs';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { z } from 'zod';
import { compactJson } from './model-parts';

/**
 * Planted bugs: the faulty twin of an example app is its model with patches applied. Each bug is
 * a JSON Patch (RFC 6902) whose `test` operations pin what it changes, so a patch written for an
 * older model fails loudly instead of changing something else.
 */
const OperationSchema = z.union([
  z.strictObject({ op: z.enum(['add', 'replace', 'test']), path: z.string(), value: z.unknown() }),
  z.strictObject({ op: z.literal('remove'), path: z.string() }),
  z.strictObject({ op: z.enum(['move', 'copy']), from: z.string(), path: z.string() }),
]);

export const PlantedBugSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().min(1),
  /** The screen where the bug shows. */
  screen: z.string().min(1),
  patch: z.array(OperationSchema).min(1),
});
export type PlantedBug = z.infer<typeof PlantedBugSchema>;

export function readPlantedBugs(file: string): PlantedBug[] {
  const bugs = z.array(PlantedBugSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const ids = bugs.map((b) => b.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`${file}: the bug id "${twice}" is used twice`);
  return bugs;
}

/** A copy of `model` with every bug applied in order; throws naming the bug whose patch does not apply. */
export function plantBugs<T>(model: T, bugs: PlantedBug[]): T {
  // A JSON copy: the model may share objects between places (as built in code), a patch must change one.
  let out = JSON.parse(JSON.stringify(model)) as T;
  for (const bug of bugs) {
    try {
      out = jsonPatch.applyPatch(out, bug.patch as Operation[], true, true).newDocument;
    } catch (err) {
      throw new Error(`planted bug "${bug.id}" does not apply: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return out;
}

/** The bytes of a model file with the bugs of a bugs file planted, as a package carries them. */
export function buggyModelBytes(modelPath: string, bugsPath: string): Buffer {
  const model = JSON.parse(fs.readFileSync(modelPath, 'utf8'));
  return Buffer.from(`${compactJson(plantBugs(model, readPlantedBugs(bugsPath)))}\n`);
}
