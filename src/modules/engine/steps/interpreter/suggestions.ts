import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isVisible } from './ui-tree';

/**
 * "Did you mean": for a step the interpreter cannot read, the forms it would carry out on this
 * screen that share the most words with what was written.
 */

/** Every text on the screen an element shows or is labelled with (labels of fields included). */
export function screenNames(index: ScreenIndex): string[] {
  const out = new Set<string>();
  for (const e of index.elements) {
    const t = e.node.text?.trim();
    if (t && t.length <= 80 && !/^[•*●]+$/.test(t)) out.add(t);
  }
  return [...out];
}

function formsOn(index: ScreenIndex): string[] {
  const forms: string[] = [];
  const { screen } = index.observation;
  for (const e of index.candidates) {
    if (!isVisible(e, screen)) continue;
    const label = index.labels.get(e.node)?.text?.trim();
    const text = e.node.text?.trim();
    switch (e.node.role) {
      case 'input':
        if (label) forms.push(`Enter "…" in "${label}"`);
        break;
      case 'toggle':
        if (text ?? label) forms.push(`Turn ${e.node.checked ? 'off' : 'on'} "${text ?? label}"`);
        break;
      case 'button':
      case 'link':
      case 'tab':
      case 'list_item':
      case 'app_icon':
        if (text) forms.push(`Tap "${text}"`);
        break;
      case 'text':
        if (text && text.length <= 60) forms.push(`Verify "${text}" is shown`);
        break;
    }
  }
  return forms;
}

const words = (s: string) =>
  new Set(
    normalizeText(s)
      .split(' ')
      .filter((w) => w.length > 1),
  );

/** Up to `max` forms that would work on this screen, closest to the step first. */
export function suggestFor(text: string, index: ScreenIndex, max = 3): string[] {
  const wanted = words(text);
  const scored = formsOn(index)
    .map((form) => {
      const have = words(form);
      let shared = 0;
      for (const w of have) if (wanted.has(w)) shared++;
      return { form, shared };
    })
    .filter((f) => f.shared > 0)
    .sort((a, b) => b.shared - a.shared);
  return [...new Set(scored.map((f) => f.form))].slice(0, max);
}
