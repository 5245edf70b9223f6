/**
 * Scrolling to the end said as a tour: "Scroll through the whole list to the bottom", "Look over Home,
 * scrolling down to the end of the results": scroll until the screen stops changing. A place named with
 * a capital ("Look over Home, …") must be the screen shown (it is read as "on the Home screen, …").
 * Returns the step said plainly, or null.
 */
export function scrollThrough(s: string): string | null {
  const tour =
    /^(?:scroll|swipe|go|move)(?: (down|up))?(?: all the way)? (?:through|along|over|down|across) (?:the )?(?:whole |entire |full )?[\p{L}' -]{1,30}? (?:all the way )?to (?:the )?(?:very )?(bottom|end|top)$/iu.exec(
      s,
    );
  if (tour) return plainly(tour[1], tour[2]!);
  // "Scroll through the film list", "Scroll through the whole seat map": a lower-case list named, no end said.
  const through =
    /^(?:scroll|swipe) (?:down )?through (?:the )?(?:whole |entire |full )?(\p{Ll}[\p{Ll}' -]{0,30}?(?:list|map|menu|results|page|screen|grid|plan|catalogue|feed))$/u.exec(
      s.replace(/^\p{Lu}/u, (c) => c.toLowerCase()),
    );
  if (through) return 'scroll to the bottom';
  const look =
    /^(?:look over|look through|look at|browse|review|check|go through|glance over|skim)\s+(?:the\s+)?([^,]{1,40}?),?\s+(?:by\s+)?scrolling(?: (down|up))?(?: all the way)? to (?:the )?(?:very )?(bottom|end|top)(?: of (?:the )?[\p{L}' -]{1,30})?$/iu.exec(
      s,
    );
  if (!look) return null;
  const scroll = plainly(look[2], look[3]!);
  if (!scroll) return null;
  const place = look[1]!.trim();
  if (/^\p{Lu}/u.test(place) && place.split(/\s+/).length <= 3 && !/\b(?:list|screen|page|menu|results)$/i.test(place))
    return `on the ${place} screen, ${scroll}`;
  return /^\p{Ll}/u.test(place) ? scroll : null;
}

function plainly(direction: string | undefined, end: string): string | null {
  const way = /^top$/i.test(end) ? 'up' : 'down';
  if (direction && direction.toLowerCase() !== way) return null;
  return `scroll to the ${way === 'up' ? 'top' : 'bottom'}`;
}
