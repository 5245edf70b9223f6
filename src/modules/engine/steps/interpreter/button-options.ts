import { startsWithVerb } from './lexicon';
import { screenTitle } from './screen-title';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * "Change shop -> North Street", "Change shop to North Street (on Home)": a button here whose name is an action,
 * then an option offered on the screen it opens. The button is tapped and the option is gone to there. Only when the
 * button's whole name is written, the option is a name (a capital or quotes), and a place said is this screen.
 */

export interface OptionChain {
  first: string;
  then: string;
}

const ARROW = /\s+(?:->|→|>|›)\s+/;

function buttonNamed(index: ScreenIndex, said: string): string | null {
  const want = normalizeText(said);
  if (want === '' || !startsWithVerb(said)) return null;
  const hits = index.candidates.filter(
    (e) => e.node.role === 'button' && e.node.enabled && e.node.text && normalizeText(e.node.text) === want,
  );
  return hits.length === 1 ? hits[0]!.node.text! : null;
}

const tapName = (p: string) => `tap ${JSON.stringify(p.trim().replace(/^"(.*)"$/, '$1'))}`;
const isName = (s: string) => /^(?:"[^"]+"|[\p{Lu}\p{N}])/u.test(s.trim());

/**
 * "Visits > Dr Lee > Move to Tue 3 Mar 10:30, save": a path whose last part is an action with values. The places are
 * gone to, then the action's button is tapped and the values are chosen on the screen it opens (a time after a day
 * is a value of its own). The button and the values must be there when read, else the step fails there.
 */
export function pathToAction(s: string): OptionChain | null {
  if (/"/.test(s)) return null;
  const parts = s.split(ARROW).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p === '')) return null;
  const m = /^(\p{Lu}\p{Ll}+(?:\s\p{Ll}+)?)\s+to\s+([\p{Lu}\p{N}][^,;]*?)(\s*[,;].*)?$/u.exec(parts.at(-1)!);
  if (!m || parts.slice(0, -1).some((p) => startsWithVerb(p) || /[,;]/.test(p))) return null;
  const time = /^(.+?)\s+(?:at\s+)?(\d{1,2}:\d{2})$/.exec(m[2]!);
  const values = time ? [time[1]!, time[2]!] : [m[2]!];
  return {
    first: `go to ${parts.slice(0, -1).join(' > ')}`,
    then: [m[1]!, ...values].map((v) => `tap ${JSON.stringify(v)}`).join('; ') + (m[3] ?? ''),
  };
}

export function buttonThenOption(s: string, index: ScreenIndex): OptionChain | null {
  const parts = s.split(ARROW).map((p) => p.trim());
  if (parts.length >= 2) {
    // "Change shop again -> Oak Street": "again" is no part of the name.
    const button = buttonNamed(index, parts[0]!.replace(/\s+again$/i, ''));
    if (!button || parts.slice(1).some((p) => p === '' || startsWithVerb(p) || !isName(p))) return null;
    return { first: `tap ${JSON.stringify(button)}`, then: parts.slice(1).map(tapName).join('; ') };
  }
  const m = /^(.+?)\s+to\s+(.+?)(?:\s+(?:on|from)\s+(?:the\s+)?(.+?)(?:\s+(?:screen|tab|page))?)?$/i.exec(s);
  if (!m || !isName(m[2]!) || /\s(?:and|then)\s|[,;]/i.test(m[2]!)) return null;
  const button = buttonNamed(index, m[1]!);
  if (!button) return null;
  const title = screenTitle(index);
  if (m[3] && (!title || normalizeText(title) !== normalizeText(m[3]))) return null;
  return { first: `tap ${JSON.stringify(button)}`, then: tapName(m[2]!) };
}
