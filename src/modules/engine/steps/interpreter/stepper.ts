import { selectorFor } from '../selectors';
import type { Resolution } from './resolution';
import { notSettled } from './resolution';
import type { ScreenIndex } from './target-finder';
import { humanizeId, normalizeText } from './text-match';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * "Tap + to make it 2", "press - until it reads 1", "tap + so the quantity is 2 and tap Add": a stepper's + (or -) tapped until the count beside it reads the
 * number, then the count is checked ("verify the count next to "Increase quantity" reads 2"): a count that does not
 * reach it fails there. A stepper is a button named or identified as +/plus/increase (-/minus/decrease) with one bare
 * number next to it; none, or several, is refused.
 */

const STEP =
  /^(?:tap|press|click|hit|use)\s+(?:the\s+)?(\+|-|−|plus|minus)(?:\s+(?:button|sign|icon))?\s+(?:to make it|to get it to|to set it to|to bring it to|until it (?:reads|shows|says|is)|so (?:that )?(?:it|the \p{L}+) (?:reads|shows|says|is))\s+(\d{1,3})(?:,?\s+(?:and|then|and then)\s+(.+))?$/iu;
const VERIFY = /^verify the count next to "([^"]+)" reads (\d{1,3})(?:,?\s+then\s+(.+))?$/;
const PLUS = /^(?:\+|plus|increase|increment|add one|more)\b/;
const MINUS = /^(?:-|−|minus|decrease|decrement|remove one|less|fewer)\b/;
const MAX_TAPS = 20;

function namesOf(el: TreeElement): string[] {
  return [el.node.text ?? '', el.node.id ? humanizeId(el.node.id) : '']
    .map((n) => (/^[+\-−]$/.test(n.trim()) ? n.trim() : normalizeText(n)))
    .flatMap((n) => [n, n.split(' ').slice(1).join(' ')]);
}

/** The one bare number beside a stepper button (between its - and +, or right next to it among its siblings). */
function countBeside(index: ScreenIndex, button: TreeElement): TreeElement[] {
  const at = index.elements.indexOf(button);
  return index.allCandidates.filter((e) => {
    const i = index.elements.indexOf(e);
    return e.parent === button.parent && /^\d{1,3}$/.test(e.node.text?.trim() ?? '') && Math.abs(i - at) <= 2;
  });
}

function stepperButtons(index: ScreenIndex, re: RegExp): TreeElement[] {
  return index.candidates.filter((e) => e.node.role === 'button' && namesOf(e).some((n) => re.test(n)));
}

export function stepperStep(s: string, index: ScreenIndex): Resolution | null {
  const verify = VERIFY.exec(s);
  if (verify) {
    const button = index.candidates.find((e) => e.node.role === 'button' && e.node.text === verify[1]);
    const count = button ? countBeside(index, button) : [];
    if (count.length !== 1) return notSettled(`no single count next to "${verify[1]}" on this screen`);
    const reads = count[0]!.node.text!.trim();
    const passed = reads === verify[2];
    return {
      settled: true,
      kind: 'check',
      passed,
      reasoning: `the count next to "${verify[1]}" reads ${reads}${passed ? '' : `, not ${verify[2]}`}`,
      ...(passed && verify[3] ? { then: verify[3] } : {}),
    };
  }
  const m = STEP.exec(s);
  if (!m) return null;
  const up = /^(?:\+|plus)$/i.test(m[1]!);
  const buttons = stepperButtons(index, up ? PLUS : MINUS);
  if (buttons.length !== 1)
    return notSettled(`${buttons.length} ${up ? '+' : '-'} buttons of a stepper on this screen`);
  const button = buttons[0]!;
  const count = countBeside(index, button);
  if (count.length !== 1) return notSettled(`no single count next to ${describeElement(button.node)}`);
  const now = Number(count[0]!.node.text!.trim());
  const want = Number(m[2]);
  const taps = up ? want - now : now - want;
  const check = `verify the count next to ${JSON.stringify(button.node.text ?? '')} reads ${want}`;
  if (taps < 0)
    return { settled: true, kind: 'check', passed: false, reasoning: `the count reads ${now}, past ${want} already` };
  if (taps > MAX_TAPS) return notSettled(`${taps} taps are too many for a stepper`);
  const p = touchPoint(button);
  if (taps > 0 && (!p || !isVisible(button, index.observation.screen) || !button.node.enabled))
    return notSettled(`${describeElement(button.node)} is off screen or disabled`);
  const tap = {
    op: 'input' as const,
    event: { kind: 'tap' as const, ...p! },
    selector: selectorFor(button.node, index.observation.tree),
  };
  return {
    settled: true,
    kind: 'actions',
    actions: Array.from({ length: taps }, () => tap),
    reasoning: `tap ${describeElement(button.node)} ${taps} time(s): ${now} → ${want}`,
    ...(button.node.text ? { then: m[3] ? `${check}, then ${m[3]}` : check } : {}),
  };
}
