import { performDeviceAction, type PerformedAction } from '../steps/device-actions';
import { interpretStep } from '../steps/interpreter';
import { waitForSettledScreen } from '../steps/settle';
import type { CommandDevice } from './maestro-commands';

/**
 * Hybrid healing of a `tapOn` whose text no longer matches (docs/maestro.md): the step
 * interpreter reads `Tap "<text>"` on the current screen, with its own looser matching, as a
 * recorded step whose replay failed is healed. Returns the actions taken, or null when the
 * interpreter cannot settle it either.
 */
export async function healTap(text: string, d: CommandDevice): Promise<PerformedAction[] | null> {
  const { tree } = await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
  const resolution = interpretStep(`Tap "${text.replace(/"/g, "'")}"`, { tree, screen: await d.device.screen() });
  if (!resolution.settled || resolution.kind !== 'actions' || resolution.actions.length === 0) return null;
  const actions: PerformedAction[] = [];
  for (const action of resolution.actions)
    actions.push(await performDeviceAction(action, { ...d, appPackage: d.appId }));
  await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
  return actions;
}
