import { airplaneModeOf, coordinatesOf, linkOf, readPermissions } from '../../catalogue';
import { performCapability } from '../steps/capability-steps';
import type { PerformedAction } from '../steps/device-actions';
import type { CapabilityStep } from '../steps/interpreter';
import { waitForSettledScreen } from '../steps/settle';
import { CommandFailed, type CommandDevice } from './maestro-commands';
import type { ScriptState } from './maestro-script';

type Args = Record<string, unknown>;
const obj = (v: unknown): Args => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Args) : {});
const scalar = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;

/** The commands this file carries out. */
export const CAPABILITY_COMMANDS = new Set([
  'openLink',
  'setLocation',
  'setPermissions',
  'setClipboard',
  'setAirplaneMode',
  'toggleAirplaneMode',
]);

/**
 * One device capability through the session's device. A device kind that cannot do it, or a value
 * the capability refuses, fails the step with the capability's own sentence.
 */
async function capability(
  name: string,
  step: CapabilityStep,
  d: CommandDevice,
  appPackage: string | null = d.appId,
): Promise<PerformedAction> {
  try {
    return await performCapability(step, { device: d.device, appPackage });
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (err instanceof Error && (code === 'UNPROCESSABLE' || code === 'UNSUPPORTED' || code === 'INVALID_INPUT'))
      throw new CommandFailed(`${name}: ${err.message}`);
    throw err;
  }
}

/** Sets each permission of a `permissions` mapping for the app (`setPermissions`, `launchApp`). */
export async function applyPermissions(
  name: string,
  permissions: unknown,
  app: string,
  d: CommandDevice,
): Promise<PerformedAction[]> {
  const read = readPermissions(permissions);
  if ('problem' in read) throw new CommandFailed(`${name}: ${read.problem}`);
  const actions: PerformedAction[] = [];
  for (const { permission, state } of read.settings)
    actions.push(await capability(name, { type: 'set_permission', permission, state }, d, app));
  return actions;
}

/**
 * Carries out Maestro's device-capability commands (docs/maestro.md) with their `${…}` already
 * substituted. Returns the actions taken; throws CommandFailed.
 */
export async function actCapability(
  name: string,
  args: unknown,
  d: CommandDevice,
  state: ScriptState,
): Promise<PerformedAction[]> {
  const o = obj(args);
  switch (name) {
    case 'openLink': {
      const link = linkOf(args);
      if (typeof link !== 'string' || link === '') throw new CommandFailed('openLink: needs `link`');
      const action = await capability(name, { type: 'open_url', url: link }, d);
      await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
      return [action];
    }
    case 'setLocation': {
      const read = coordinatesOf(args);
      if ('problem' in read) throw new CommandFailed(`setLocation: ${read.problem}`);
      return [await capability(name, { type: 'set_location', ...read }, d)];
    }
    case 'setPermissions': {
      const app = scalar(o.appId) || d.appId;
      if (!app) throw new CommandFailed("setPermissions: no appId in the flow's header and the suite has no app");
      return applyPermissions(name, o.permissions, app, d);
    }
    case 'setClipboard': {
      // Maestro's clipboard is what pasteText types; the device's clipboard gets it too.
      const text = scalar(args) ?? scalar(o.text) ?? '';
      const action = await capability(name, { type: 'set_clipboard', text }, d);
      state.copiedText = text;
      return [action];
    }
    case 'setAirplaneMode':
    case 'toggleAirplaneMode': {
      const on = name === 'toggleAirplaneMode' ? !state.airplaneMode : airplaneModeOf(args);
      if (on === null) throw new CommandFailed('setAirplaneMode: must be enabled or disabled');
      const action = await capability(name, { type: 'set_network', mode: on ? 'offline' : 'online' }, d);
      state.airplaneMode = on;
      return [action];
    }
    default:
      throw new CommandFailed(`${name} is not a command simdeck runs`);
  }
}
