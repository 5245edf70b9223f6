import { selectorFor } from '../selectors';
import type { CapabilityStep } from './capability-step';
import type { DeviceAction, Resolution } from './resolution';
import { notSettled } from './resolution';
import { stripFillers } from './lexicon';
import { resolveAction } from './resolve-action';
import type { ScreenIndex } from './target-finder';
import { touchPoint, type TreeElement } from './ui-tree';

/**
 * Plain-English steps about the device rather than an element: deep links, location,
 * permissions (answering the system prompt, or setting one), the clipboard, appearance, the
 * network and notifications. A step that starts like one of these but cannot be read fails
 * clearly instead of being guessed at; anything else is left to the rest of the interpreter.
 */

const PERMISSION_WORDS: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  mic: 'microphone',
  location: 'location',
  photos: 'photos',
  photo: 'photos',
  'photo library': 'photos',
  contacts: 'contacts',
  notifications: 'notifications',
  notification: 'notifications',
};

const act = (step: CapabilityStep, reasoning: string): Resolution => ({
  settled: true,
  kind: 'actions',
  actions: [{ op: 'capability', step }],
  reasoning,
});

const tapOn = (index: ScreenIndex, el: TreeElement, reasoning: string, extra: DeviceAction[] = []): Resolution => {
  const p = touchPoint(el);
  if (!p) return notSettled(`${el.node.text ?? 'the element'} is not on screen`);
  const tap: DeviceAction = {
    op: 'input',
    event: { kind: 'tap', ...p },
    selector: selectorFor(el.node, index.observation.tree),
  };
  return { settled: true, kind: 'actions', actions: [tap, ...extra], reasoning };
};

/** The system permission prompt's answer buttons, when one is on screen. */
function promptButtons(index: ScreenIndex): { allow: TreeElement | undefined; deny: TreeElement | undefined } | null {
  const buttons = index.candidates.filter((e) => e.node.id?.startsWith('permission-'));
  if (buttons.length === 0) return null;
  return {
    allow: buttons.find((e) => e.node.id === 'permission-allow'),
    deny: buttons.find((e) => e.node.id === 'permission-deny'),
  };
}

function permissionOf(words: string): string | null {
  const w = words
    .trim()
    .toLowerCase()
    .replace(/^the\s+/, '');
  return PERMISSION_WORDS[w] ?? null;
}

/** What a device phrase says, read without a screen. */
export type DevicePhrase =
  | { kind: 'step'; step: CapabilityStep; reasoning: string }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'paste'; target: string }
  | { kind: 'notification' }
  | { kind: 'answer'; answer: 'allow' | 'deny'; permission: string | null; named: boolean };

/** The clause as a device phrase, or null when it is not about the device (screenless). */
export function readDevicePhrase(text: string): DevicePhrase | null {
  // "I open the link …": without its subject and fillers, as every step is read.
  const s = stripFillers(text.trim().replace(/[.!]+$/, ''));
  let m: RegExpExecArray | null;
  const step = (st: CapabilityStep, reasoning: string): DevicePhrase => ({ kind: 'step', step: st, reasoning });

  if ((m = /^(?:open|visit|go to|navigate to)\s+(?:the\s+)?(?:(?:deep\s+)?link|url|address)\s+(\S+)$/i.exec(s)))
    return step({ type: 'open_url', url: m[1]!.replace(/^["']|["']$/g, '') }, `open the link ${m[1]}`);
  if ((m = /^(?:open|visit|go to)\s+["']?([a-z][a-z0-9+.-]*:\/\/\S+?)["']?$/i.exec(s)))
    return step({ type: 'open_url', url: m[1]! }, `open the link ${m[1]}`);
  // "I open the deeplink "myapp://home"", "launch the app with the deep link myapp://a", "open url "https://…"".
  if (
    (m =
      /^(?:open|visit|go to|navigate to|load|follow|launch (?:the )?app (?:with|via|using|from)|open (?:the )?app (?:with|via|using|from))\s+(?:the\s+|a\s+)?(?:deep[\s-]?link|deeplink|url|uri|link|address)\s+["']?([a-z][a-z0-9+.-]*:\/\/[^\s"']+)["']?$/i.exec(
        s,
      ))
  )
    return step({ type: 'open_url', url: m[1]! }, `open the link ${m[1]}`);
  // "opens the "Account" deeplink": a link by a name, not by its address, cannot be opened.
  if (/^(?:open|visit|launch|follow)s?\s+(?:the\s+|a\s+)?(?:"[^"]+"\s+)?(?:deep[\s-]?link|deeplink)\b/i.test(s))
    return {
      kind: 'unreadable',
      reason: 'not understood: a deep link is opened by its address, e.g. open the link myapp://account',
    };

  if ((m = /^(?:set|change|move|fake)\s+(?:the\s+)?(?:device(?:'s)?\s+)?location\s+to\s+(.+)$/i.exec(s))) {
    const c = /^\(?\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*\)?$/.exec(m[1]!.trim());
    if (!c)
      return {
        kind: 'unreadable',
        reason: 'not understood: say the location as latitude, longitude, e.g. "Set the location to 52.52, 13.40"',
      };
    const latitude = Number(c[1]);
    const longitude = Number(c[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      return {
        kind: 'unreadable',
        reason: 'the location is out of range: latitude is -90 to 90, longitude -180 to 180',
      };
    return step({ type: 'set_location', latitude, longitude }, `set the location to ${latitude}, ${longitude}`);
  }

  if (
    (m =
      /^(?:switch|change|set)\s+(?:the\s+device\s+)?(?:to\s+|the\s+appearance\s+to\s+)(dark|light)(?:\s+(?:mode|appearance))?$/i.exec(
        s,
      ))
  )
    return step(
      { type: 'set_appearance', mode: m[1]!.toLowerCase() },
      `switch the device to ${m[1]!.toLowerCase()} mode`,
    );

  if (
    (m = /^(?:go|switch to|take the device)\s+(offline|online)$/i.exec(s)) ||
    (m = /^(?:turn|switch)\s+(?:the\s+)?(?:network|internet)\s+(off|on)$/i.exec(s))
  ) {
    const mode = /^(?:offline|off)$/i.test(m[1]!) ? 'offline' : 'online';
    return step({ type: 'set_network', mode }, `take the device ${mode}`);
  }

  if (
    (m = /^(?:set|copy)\s+(?:the\s+)?clipboard\s+to\s+"(.*)"$/i.exec(s)) ||
    (m = /^copy\s+"(.*)"(?:\s+to the clipboard)?$/i.exec(s))
  )
    return step({ type: 'set_clipboard', text: m[1]! }, `put "${m[1]}" on the clipboard`);

  if ((m = /^paste(?:\s+the\s+clipboard)?\s+(?:into|in)\s+(?:the\s+)?(.+?)(?:\s+field)?$/i.exec(s)))
    return { kind: 'paste', target: m[1]!.replace(/^"(.*)"$/, '$1') };

  if (/^(?:tap|open|click)\s+(?:on\s+)?the\s+notification(?:\s+banner)?$/i.test(s)) return { kind: 'notification' };

  const allowMatch = /^(?:allow|grant)(?:\s+(?:the\s+)?(.+?))?(?:\s+(?:access|permission))?$/i.exec(s);
  const denyMatch =
    /^(?:deny|don'?t allow|do not allow|refuse|revoke)(?:\s+(?:the\s+)?(.+?))?(?:\s+(?:access|permission))?$/i.exec(s);
  if (allowMatch || denyMatch) {
    const named = (allowMatch ?? denyMatch)![1]?.trim();
    const generic = !named || /^permission$/i.test(named);
    const permission = generic ? null : permissionOf(named);
    if (!generic && !permission) return null;
    return { kind: 'answer', answer: allowMatch ? 'allow' : 'deny', permission, named: !!named };
  }
  return null;
}

/** The intent class of a device phrase for the case editor (`open_url`, `answer_permission`, …), or null. */
export function devicePhraseLabel(text: string): string | null {
  const p = readDevicePhrase(text);
  if (!p || p.kind === 'unreadable') return null;
  if (p.kind === 'step') return p.step.type;
  if (p.kind === 'paste') return 'paste_clipboard';
  if (p.kind === 'notification') return 'tap_notification';
  return p.permission ? 'permission' : p.answer === 'deny' || p.named ? 'answer_permission' : null;
}

/** Why a step that starts like a device phrase cannot be read ("Set the location to Berlin"), or null. */
export function devicePhraseProblem(text: string): string | null {
  const p = readDevicePhrase(text);
  return p?.kind === 'unreadable' ? p.reason : null;
}

/** The clause as a device step on this screen, or null when it is not about the device. */
export function deviceClause(text: string, index: ScreenIndex): Resolution | null {
  const p = readDevicePhrase(text);
  if (!p) return null;
  switch (p.kind) {
    case 'step':
      return act(p.step, p.reasoning);
    case 'unreadable':
      return notSettled(p.reason);
    case 'paste': {
      const tap = resolveAction({ kind: 'tap', target: { text: p.target, role: 'field' } }, index);
      if (!tap.settled || tap.kind !== 'actions') return tap;
      return {
        ...tap,
        actions: [...tap.actions, { op: 'input', event: { kind: 'key', key: 'PASTE' }, selector: null }],
        reasoning: `${tap.reasoning}, then paste the clipboard`,
      };
    }
    case 'notification': {
      const banner = index.allCandidates.find((e) => e.node.role === 'notification');
      if (!banner) return notSettled('no notification is on screen to tap');
      return tapOn(index, banner, `tap the notification "${banner.node.text ?? ''}"`);
    }
    case 'answer': {
      // An element of the app named by the whole step ("Allow notifications" button) is tapped as usual.
      const wanted = text
        .trim()
        .replace(/[.!]+$/, '')
        .toLowerCase();
      const named = index.candidates.some(
        (e) =>
          e.node.role === 'button' &&
          e.node.text?.trim().toLowerCase() === wanted &&
          !e.node.id?.startsWith('permission-'),
      );
      if (named) return null;
      const prompt = promptButtons(index);
      if (prompt) {
        const button = p.answer === 'allow' ? prompt.allow : prompt.deny;
        if (!button) return notSettled(`the permission prompt has no ${p.answer} button`);
        return tapOn(index, button, `answer the permission prompt: ${button.node.text ?? p.answer}`);
      }
      if (!p.permission)
        return p.named || p.answer === 'deny'
          ? notSettled('no permission prompt is on screen; name the permission, e.g. "Deny camera access"')
          : null;
      const state = p.answer === 'allow' ? 'granted' : 'denied';
      return act(
        { type: 'set_permission', permission: p.permission, state },
        `${p.answer} ${p.permission} access for the app`,
      );
    }
  }
}
