import { selectorFor } from '../selectors';
import type { Check, Intent } from './intent';
import { notSettled, type CheckResolution, type DeviceAction, type Resolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * The switches of a screen taken together, as QA engineers say it: "Turn on both extras", "Switch
 * both switches off", "Leave all options off", "Both switches are on", "All toggles are off".
 * "both" means exactly two switches on screen, "all" every one; a screen with another number of
 * switches leaves the step not settled rather than picking some of them.
 */

const GROUP = '(both|all|all the|all of the|all (?:\\d+|two|three|four) )';
const NOUN = '(?:[a-z-]+s)';

/** The count a group word asks for: 2 for "both", null for "all". */
const countOf = (word: string): number | null => (/^both$/i.test(word.trim()) ? 2 : null);

/** "turn on both extras", "switch both switches off", "enable all notifications", "turn both extras on". */
export function parseSwitchGroup(s: string): Intent | null {
  const act =
    new RegExp(`^(?:turn|switch|toggle|flip|set) (on|off) ${GROUP}\\s*(?:the )?${NOUN}$`, 'i').exec(s) ??
    new RegExp(`^(?:turn|switch|toggle|flip|set) ${GROUP}\\s*(?:the )?${NOUN} (on|off)$`, 'i').exec(s);
  if (act) {
    const [word, group] = /^(?:on|off)$/i.test(act[1]!) ? [act[1]!, act[2]!] : [act[2]!, act[1]!];
    return { kind: 'set_switches', on: word.toLowerCase() === 'on', count: countOf(group) };
  }
  const enable = new RegExp(`^(enable|disable) ${GROUP}\\s*(?:the )?${NOUN}$`, 'i').exec(s);
  if (enable) return { kind: 'set_switches', on: /^enable$/i.test(enable[1]!), count: countOf(enable[2]!) };
  // "Leave both extras off", "leave extras off", "keep all switches on": a check that they are.
  const leave = new RegExp(`^(?:leave|keep) ${GROUP}?\\s*(?:the )?(${NOUN}) (on|off)$`, 'i').exec(s);
  if (leave && (leave[1] || /^(?:switch(?:es)?|toggles|checkboxes|extras|options)$/i.test(leave[2]!)))
    return {
      kind: 'check',
      check: { kind: 'switches', on: leave[3]!.toLowerCase() === 'on', count: leave[1] ? countOf(leave[1]) : null },
    };
  const check = switchGroupCheck(s);
  return check ? { kind: 'check', check } : null;
}

/** "Both switches are on", "All toggles are off", "both extras stay off". */
export function switchGroupCheck(s: string): Check | null {
  const check = new RegExp(
    `^${GROUP}\\s*(?:the )?${NOUN} (?:are|stay|remain) (?:still |now )?(on|off|switched on|switched off|turned on|turned off|enabled|disabled)$`,
    'i',
  ).exec(s);
  if (check && !/^(?:enabled|disabled)$/i.test(check[2]!))
    return { kind: 'switches', on: /on$/i.test(check[2]!), count: countOf(check[1]!) };
  // "All switches off", "Both toggles on": without the verb only of switches by that name ("All lights off" may be a text).
  const bare = new RegExp(`^${GROUP}\\s*(?:the )?(?:switches|toggles|checkboxes) (on|off)$`, 'i').exec(s);
  if (bare) return { kind: 'switches', on: /on$/i.test(bare[2]!), count: countOf(bare[1]!) };
  return null;
}

/** The switches of the screen an action or check reads; null with the reason when the count is not the one asked. */
function switchesOf(index: ScreenIndex, count: number | null, acting: boolean): TreeElement[] | string {
  const pool = (acting ? index.candidates : index.allCandidates).filter((e) => e.node.role === 'toggle');
  if (pool.length === 0) return 'no switch on this screen';
  if (count !== null && pool.length !== count)
    return `the screen has ${pool.length} switches, not ${count}; name the ones meant`;
  return pool;
}

/** Taps each switch whose state differs; a disabled or unknown one leaves the step not settled. */
export function setSwitches(index: ScreenIndex, on: boolean, count: number | null): Resolution {
  const pool = switchesOf(index, count, true);
  if (typeof pool === 'string') return notSettled(pool);
  const out: DeviceAction[] = [];
  const why: string[] = [];
  for (const el of pool) {
    const label = describeElement(el.node);
    if (el.node.checked === undefined) return notSettled(`cannot tell whether ${label} is on or off`);
    if (el.node.checked === on) {
      why.push(`${label} is already ${on ? 'on' : 'off'}`);
      continue;
    }
    const p = touchPoint(el);
    if (!p || !isVisible(el, index.observation.screen)) return notSettled(`${label} is off screen; scroll to it first`);
    if (!el.node.enabled) return notSettled(`${label} is disabled`);
    out.push({ op: 'input', event: { kind: 'tap', ...p }, selector: selectorFor(el.node, index.observation.tree) });
    why.push(`tap ${label} to turn it ${on ? 'on' : 'off'}`);
  }
  const resolution: Resolution = { settled: true, kind: 'actions', actions: out, reasoning: why.join('; ') };
  // Read back once the screen settles: a switch that springs back fails the step.
  if (out.length === 0) return resolution;
  return { ...resolution, then: `verify ${count === 2 ? 'both' : 'all'} switches are ${on ? 'on' : 'off'}` };
}

/** Whether every switch (both, all) is in the state named. */
export function checkSwitches(index: ScreenIndex, on: boolean, count: number | null): CheckResolution {
  const pool = switchesOf(index, count, false);
  if (typeof pool === 'string') return notSettled(pool);
  const unknown = pool.find((e) => e.node.checked === undefined);
  if (unknown) return notSettled(`${describeElement(unknown.node)} has no on/off state`);
  const wrong = pool.filter((e) => e.node.checked !== on);
  const state = on ? 'on' : 'off';
  return {
    settled: true,
    kind: 'check',
    passed: wrong.length === 0,
    reasoning: wrong.length
      ? `${wrong.map((e) => describeElement(e.node)).join(', ')} ${wrong.length > 1 ? 'are' : 'is'} not ${state}`
      : `all ${pool.length} switches are ${state}`,
  };
}
