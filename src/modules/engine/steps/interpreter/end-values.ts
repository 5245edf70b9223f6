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
    )
    // "Delivery fee stays £1.99 throughout": what it stays at is what it reads at the end.
    .replace(
      /\b(?:stays|remains)(?: at)? (?=[\p{Sc}\d][^\s,"]*(?:$|,|\s+(?:and|throughout|all along)\b))/giu,
      outsideQuotes('is '),
    )
    .replace(/\s+(?:throughout|all along|the whole time|at all times)$/i, outsideQuotes(''))
    .replace(...SHOWN_AS);

/** "Sakura Sushi is shown as closed", "The task is marked as done": the state it is shown in. */
const SHOWN_AS: [RegExp, ReturnType<typeof outsideQuotes>] = [
  /\b(is|are) (?:shown|displayed|listed|marked|labelled|labeled|flagged) as\b(?! (?:dots|bullets|asterisks|stars|plain text|text|an? |the )\b)/gi,
  outsideQuotes('$1'),
];

/** "Green Bowl is rated 4.8 (stars)": the rating its row shows ("★ 4.8"). */
const RATED = /^([^"]+?) (?:is|are) rated (\d+(?:\.\d+)?)(?: stars?| out of (?:5|five|10))?$/i;

/**
 * "The next appointment is with Dr Priya Shah", "… is at 09:30", "… is on Tue 14 Apr": the name, time or date after
 * the word is the value. "On" only before a date: "The Sign out button is on Profile" says where it is.
 */
const IS_WITH =
  /\b(is|are) (?:(?:with|by|at) (?=[\p{Lu}\p{N}\p{Sc}])|on (?=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|\p{N}))/gu;

export const shownAs = (s: string): string =>
  s
    .replace(...SHOWN_AS)
    .replace(RATED, '$1 shows $2')
    .replace(IS_WITH, outsideQuotes('$1 '));
