import type { Check } from './intent';
import { rewrittenClaim } from './note-rewrites';
import { parseTarget } from './step-text';

/**
 * Claims written as notes rather than sentences: a label and a measure ("Target 21°C", "Total 13.6 kWh"), a kind of
 * text and the text ("Status "Heating to 21°C"", "Error "Choose a time""), a switch with what it shows
 * ("Ceiling light on, "Brightness 80%"") and a run of quoted texts and measures ("Week: total use", 96.3 kWh).
 */

const UNIT =
  '(?:°\\s?[CF]|%|kWh|kW|W|V|mAh|kg|g|mg|lb|lbs|oz|km|m|cm|mm|mi|ft|in|L|l|ml|h|hrs?|min|mins|s|ms|KB|MB|GB|TB|bpm|kcal|cal|km/h|mph|pts?)';
/** A number with its unit, or an amount: "21°C", "13.6 kWh", "£1.18", "40%". */
export const MEASURE = new RegExp(
  `^(?:[€$£¥]\\s?\\d[\\d.,]*|[-−]?\\d[\\d.,]*\\s?(?:${UNIT}(?![\\p{L}])|[€$£¥]))$`,
  'u',
);

const shown = (text: string): Check => ({ kind: 'visible', target: { text }, negated: false });

/** "Target 21°C", "Total 13.6 kWh", "Target still 21°C": a label and the measure beside or below it. */
export function labelMeasure(s: string): Check | null {
  const m =
    /^(?:the )?([^"\d]+?)\s+(?:(?:is |reads |shows |stays |stays at |is at |is still |still |now |back to )+)?(\S+(?: \S+)?)$/iu.exec(
      s.trim(),
    );
  if (!m) return null;
  const value = MEASURE.test(m[2]!) ? m[2]! : null;
  if (!value || m[1]!.split(/\s+/).length > 4) return null;
  if (/\b(?:tap|enter|type|press|set|after|before|when|not|no|never|goes|above|below|over|under)\b/i.test(m[1]!))
    return null;
  const label = parseTarget(m[1]!);
  return label && label.text !== '' ? { kind: 'value', label, value } : null;
}

/** Words that say what kind of text a quoted text is, never which element holds it. */
const TEXT_KINDS =
  /^(?:the )?(?:status|summary|error|header text|header|subtitle|caption|hint|banner|toast|note|line|info line|greeting|result|subheading|snackbar|helper text)(?: (?:text|line))?$/i;

/**
 * "Status "Heating to 21°C"", "Error "Choose a time"", "Status returns to "Heating to 21°C"": the text said of that kind
 * of text, judged as a label's value is (the element the kind names, or else the text itself shown).
 */
export function kindQuoted(s: string): Check | null {
  const m =
    /^(.+?)\s+(?:(?:is|reads|says|shows|returns to|goes back to|goes to|changes to|is back to|is now|now reads|now says)\s+)?"([^"]+)"$/i.exec(
      s.trim(),
    );
  if (!m) return null;
  // "Printer status reads "Smart plug · off"": the status of the thing named, the text beside or below it.
  const of = /^(?:the )?(\p{Lu}[\p{L}\d' -]{0,30}?) (?:status|state)$/u.exec(m[1]!.trim());
  if (of && !TEXT_KINDS.test(of[1]!)) return { kind: 'value', label: { text: of[1]! }, value: m[2]! };
  if (!TEXT_KINDS.test(m[1]!.trim())) return null;
  return { kind: 'value', label: { text: m[1]!.trim().replace(/^the /i, '') }, value: m[2]! };
}

/** Pieces joined by commas, semicolons or "and", quoted texts kept whole. */
function pieces(s: string): string[] {
  const hidden: string[] = [];
  const masked = s.replace(/"[^"]*"/g, (q) => {
    hidden.push(q);
    return `\u0000${hidden.length - 1}\u0000`;
  });
  return masked
    .replace(/(\u0000\d+\u0000)\s+(?=[-−€$£¥\d])/g, '$1, ')
    .split(/,?\s+and\s+|,\s*|;\s*/i)
    .map((p) => p.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!).trim())
    .filter(Boolean);
}

/**
 * ""Week: total use", 96.3 kWh": quoted texts and measures, each shown. ""Month: total use" 400.5 kWh", with no comma
 * between, is the measure that belongs to that text (beside or just below it), never one shown elsewhere.
 */
export function quotedAndMeasures(s: string): Check | null {
  const parts = pieces(s);
  if (parts.length < 2) return null;
  const quoted = parts.filter((p) => /^"[^"]+"$/.test(p));
  const measures = parts.filter((p) => MEASURE.test(p));
  if (quoted.length === 0 || measures.length === 0 || quoted.length + measures.length !== parts.length) return null;
  const paired = new Set(
    [...s.matchAll(/"([^"]+)"\s+(?=[-−€$£¥\d])/g)].map((m) => parts.indexOf(`"${m[1]}"`)).filter((i) => i >= 0),
  );
  const checks: Check[] = [];
  parts.forEach((p, i) => {
    if (paired.has(i - 1)) return;
    const text = p.replace(/^"([^"]+)"$/, '$1');
    if (paired.has(i) && parts[i + 1] && MEASURE.test(parts[i + 1]!))
      checks.push({ kind: 'value', label: { text }, value: parts[i + 1]! });
    else checks.push(shown(text));
  });
  return { kind: 'all', checks };
}

/**
 * "Ceiling light on, "Brightness 80%"", "Pendant lights on at Brightness 100%", "Bedside lamp off at Brightness 30%":
 * the switch's state, and each text beside or just below it. A remark of what it was ("(was 70%)") is left out.
 */
export function switchWithValues(s: string): Check | null {
  const m = /^(?:the )?([\p{L}][\p{L}\d' -]{0,40}?) (?:is )?(on|off)(?:,\s*| at | with )(.+)$/iu.exec(
    s.trim().replace(/\s*\(was [^)]*\)$/i, ''),
  );
  if (!m) return null;
  const target = parseTarget(m[1]!);
  if (
    !target ||
    target.text === '' ||
    /\b(?:and|or|tap|turn|switch|set|log|sign|press|click|put|keep|leave)\b/i.test(m[1]!)
  )
    return null;
  const values = pieces(m[3]!).map((p) => p.replace(/^"([^"]+)"$/, '$1'));
  // Each value is a short text with a number ("Brightness 80%", "Smart plug · off" quoted), never a claim.
  const quotedAll = pieces(m[3]!).every((p) => /^"[^"]+"$/.test(p));
  if (!quotedAll && !values.every((v) => /^[\p{L} ]{0,20}\d[\d.,]*\s?\S{0,4}$/u.test(v))) return null;
  const state: Check = { kind: 'state', target, state: m[2]!.toLowerCase() as 'on' | 'off' };
  return { kind: 'all', checks: [state, ...values.map((value): Check => ({ kind: 'value', label: target, value }))] };
}

/** The note forms above that read a claim whole, before it is split at its commas. */
export function noteClaim(s: string, read: (part: string) => Check | null): Check | null {
  return switchWithValues(s) ?? quotedAndMeasures(s) ?? kindQuoted(s) ?? rewrittenClaim(s, read);
}
