/** ", both bookable", ", all available": said of every value of the list, each can be tapped. */
const ALL_OPEN = /,?\s+(?:both|all|each)\s+(?:bookable|available|enabled|tappable|selectable|open)$/i;

/**
 * A claim that is values alone ("18:15 and 21:00, both bookable", "£4.50", "09:00, 09:30 and 11:15"): times, amounts,
 * numbers, each a word of at most 13 characters starting with a digit or a currency sign. Null for anything else.
 */
export function valueList(claim: string): { items: string[]; enabled: boolean } | null {
  const items = claim
    .trim()
    .replace(ALL_OPEN, '')
    .split(/,\s+|\s+and\s+/);
  if (!items.every((v) => /^[\p{N}\p{Sc}][^\s,"]{0,12}$/u.test(v))) return null;
  return { items, enabled: ALL_OPEN.test(claim.trim()) };
}
