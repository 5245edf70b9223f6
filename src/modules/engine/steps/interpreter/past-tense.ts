/**
 * A claim in the past tense ("\"Profile saved\" was shown", "Settings showed \"Away mode is on\"", "the
 * banner appeared") in the present, or null when it is not one. The tense is read outside quotes.
 */
export function presentTense(text: string): string | null {
  const quotes: string[] = [];
  const bare = text.replace(/"[^"]*"|“[^”]*”/g, (q) => `\u0000${quotes.push(q) - 1}\u0000`);
  const present = bare
    .replace(/\b(?:was|were) (shown|displayed|visible|listed|there|present|on screen)\b/gi, 'is $1')
    // "displayed", "listed" after a noun are participles as often as past ("Tasks listed in order: …"): only
    // "showed" and "appeared" are read as the past.
    .replace(/\bshowed(?= \S)/gi, 'shows')
    .replace(/\bappeared\b/gi, 'appears');
  if (present === bare) return null;
  return present.replace(/\u0000(\d+)\u0000/g, (_, i) => quotes[Number(i)]!);
}
