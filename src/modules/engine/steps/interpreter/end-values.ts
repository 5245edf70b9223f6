import { outsideQuotes } from './step-text';

/**
 * A claim about a value says where it ends, however it got there: "The badge count increases to 3", "Refills
 * left goes from 2 to 1", "The quantity is 3, not 4", "shows "Brightness 10%" and does not go below it" all claim
 * what the screen reads now, and are rewritten to say only that (outside quoted texts).
 */
export const endValues = (s: string): string =>
  s
    // "The badge count increases to 3", "Refills left goes from 2 to 1", "Count drops to 3": the value it ends at.
    .replace(
      /\b(?:goes|went|changes|changed|drops|dropped|falls|fell|rises|rose|increases|increased|decreases|decreased|updates|updated|moves|moved|jumps|jumped)(?: up| down)? from [^"]{1,30}? to\b/gi,
      outsideQuotes('is'),
    )
    .replace(
      /\b(?:changes|changed|is updated|was updated|gets updated|has been updated|updates|increases|increased|decreases|decreased|has increased|has decreased|drops|dropped|falls|fell|rises|rose|jumps|jumped|is set|becomes|became|goes up|goes down) to\b/gi,
      'is',
    )
    // "The quantity is 3, not 4": a number a label holds is no other one.
    .replace(
      /\b(is|reads|equals|(?:stays|stops|remains) at) ([^\s,"]*\d[^\s,"]*),\s+(?:not|never) [^\s,"]*\d[^\s,"]*(?=,|$)/gi,
      outsideQuotes('$1 $2'),
    )
    // "Shows "Brightness 10%" and does not go below it": the bound it ends at is the value it reads.
    .replace(
      /(?<=\d[^\s,"]*|"),?\s+and (?:does not|doesn't|did not|didn't|will not|won't|cannot|can't|never) (?:go|drop|fall|rise|climb|move|get) (?:any )?(?:below|under|above|over|past|beyond|lower|higher|further)(?: (?:it|that|this|there))?$/i,
      outsideQuotes(''),
    );
