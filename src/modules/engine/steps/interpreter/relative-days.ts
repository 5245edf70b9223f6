import type { TreeElement } from './ui-tree';

/**
 * "Select tomorrow", "Pick the day after tomorrow" on a row of day buttons that starts "Today", "Sat 28",
 * "Sun 29": the button that many places after Today in its row (or, stacked, after it in reading order), when it
 * reads as a day (a weekday or a date).
 * No Today button, or nothing that reads as a day there, is no such day.
 */
const DAYS_ON: Record<string, number> = { tomorrow: 1, 'the day after tomorrow': 2, 'day after tomorrow': 2 };
const A_DAY =
  /^(?:mon|tue|wed|thu|fri|sat|sun)\w*\b|^\d{1,2}(?:\s|$)|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d/i;
const TAPPABLE = ['button', 'tab', 'toggle', 'list_item'];

/** `index`: the screen's elements in reading order and those a step may act on (as `ScreenIndex` holds them). */
export function relativeDay(
  index: { elements: TreeElement[]; candidates: TreeElement[] },
  said: string,
): TreeElement | null {
  const ahead = DAYS_ON[said.trim().toLowerCase()];
  if (!ahead) return null;
  const today = index.candidates.filter(
    (e) => TAPPABLE.includes(e.node.role) && /^today$/i.test(e.node.text?.trim() ?? ''),
  );
  if (today.length !== 1) return null;
  const t = today[0]!.node.bounds;
  const row = index.candidates
    .filter(
      (e) => TAPPABLE.includes(e.node.role) && Math.abs(e.node.bounds.y - t.y) < t.height / 2 && e.node.bounds.x > t.x,
    )
    .sort((a, b) => a.node.bounds.x - b.node.bounds.x);
  // Day buttons stacked one under another: those that follow Today, in reading order.
  const after = index.elements.slice(index.elements.indexOf(today[0]!) + 1);
  const next = [];
  for (const e of after) {
    if (!TAPPABLE.includes(e.node.role)) continue;
    if (!A_DAY.test(e.node.text?.trim() ?? '') || !index.candidates.includes(e)) break;
    next.push(e);
  }
  const day = (row.length > 0 ? row : next)[ahead - 1];
  return day && A_DAY.test(day.node.text?.trim() ?? '') ? day : null;
}
