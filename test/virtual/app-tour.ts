import fs from 'node:fs';
import { z } from 'zod';
import type { AppOnDevice } from './app-driver';

/**
 * A tour of an example app (`tour.json` beside its model): steps by element id that visit every
 * screen, with named shots where the screen is worth a picture, and checks of what it shows.
 */
const TourStepSchema = z.union([
  /** A picture of the screen as it is now; `note` says what it shows. */
  z.strictObject({ shot: z.string().regex(/^[a-z0-9-]+$/), note: z.string().optional() }),
  z.strictObject({ tap: z.string().min(1) }),
  z.strictObject({ type: z.string().min(1), text: z.string() }),
  z.strictObject({ back: z.literal(true) }),
  /** The element shows exactly this text (templates rendered). */
  z.strictObject({ check: z.string().min(1), text: z.string() }),
  /** The switch is on (or off). */
  z.strictObject({ check: z.string().min(1), on: z.boolean() }),
  /** The navigation title is this. */
  z.strictObject({ screen: z.string().min(1) }),
]);
export type TourStep = z.infer<typeof TourStepSchema>;

export function readTour(file: string): TourStep[] {
  return z
    .array(TourStepSchema)
    .min(1)
    .parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Walks the tour; `onShot` is called at each shot. A failed check or a missing element throws with the step. */
export async function runTour(
  app: AppOnDevice,
  tour: TourStep[],
  onShot: (shot: { shot: string; note?: string }) => Promise<void> = async () => {},
): Promise<void> {
  for (const [i, step] of tour.entries()) {
    const where = `tour step ${i + 1} ${JSON.stringify(step)}`;
    try {
      if ('shot' in step) await onShot(step);
      else if ('tap' in step) await app.tap(step.tap);
      else if ('type' in step) await app.type(step.type, step.text);
      else if ('back' in step) await app.back();
      else if ('on' in step) {
        const node = await app.reveal(step.check);
        if (!node) throw new Error(`no element #${step.check} on the screen "${await app.title()}"`);
        if (node.checked !== step.on) throw new Error(`#${step.check} is ${node.checked ? 'on' : 'off'}`);
      } else if ('check' in step) {
        const actual = await app.textOf(step.check);
        if (actual !== step.text) throw new Error(`#${step.check} shows "${actual}", not "${step.text}"`);
      } else {
        const title = await app.title();
        if (title !== step.screen) throw new Error(`the screen is "${title}", not "${step.screen}"`);
      }
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
  }
}
