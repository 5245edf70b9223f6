import type { Rotation } from '../../../../worker/driver';

/** A word in the step that narrows which kind of element is meant ("the Sign in button"). */
export type RoleHint = 'button' | 'field' | 'switch' | 'tab' | 'link' | 'item' | 'icon' | 'text' | 'alert';

/** An element named in a step: its visible text, label or id, maybe narrowed by a role word. */
export interface Target {
  text: string;
  role?: RoleHint;
  /** The words as written when a trailing role word was split off ("Add item"), tried when nothing matches. */
  literal?: string;
  /** Names tried in order when the step names the element by its purpose ("the password field"). */
  anyOf?: string[];
  /** The heading of the part of the screen the element is in ("Passenger 2's first name"). */
  within?: string;
  /** Among several elements whose text contains the name, the last one (a form's submit button). */
  last?: boolean;
  /** "Try to turn X on": the element is touched even when disabled (the attempt is the step). */
  attempt?: boolean;
}

/** Direction in which the content moves into view: "scroll down" and "swipe up" both reveal what is below. */
export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

export type ElementState = 'enabled' | 'disabled' | 'on' | 'off';

export type Check =
  /** `exact`: read as written, a text a few letters away from it being another one (never a typo of it). */
  | { kind: 'visible'; target: Target; negated: boolean; exact?: boolean }
  /** `quoted`: the value was written in quotes, so it is a row's whole line, never one part of it. */
  | { kind: 'text'; target: Target; value: string; match: 'equals' | 'contains'; quoted?: boolean }
  /**
   * `asked`: a switch just tapped, read back: a confirmation dialog the tap opened about it (a confirming and a
   * cancelling button, words of the switch's name in its text) answers too, the app asking before it acts.
   */
  | { kind: 'state'; target: Target; state: ElementState; asked?: boolean }
  | { kind: 'title'; value: string }
  | { kind: 'screen_text'; value: string }
  /** `said`: the words as written ("2 passengers"); a text on screen reading just that answers the check. */
  | {
      kind: 'count';
      count: number;
      comparison: 'exactly' | 'at_least' | 'at_most';
      noun: CountNoun;
      said?: string;
      /** Said of a list ("4 restaurants are listed", "the list has 3 items"): its rows below the fold count too. */
      listed?: true;
    }
  /** The value that belongs to a label: in the same row, or just below it; never the label itself. */
  /** `words`: the value is whole words of what is shown ("50%" of "Brightness 50%"), not all of it. */
  | { kind: 'value'; label: Target; value: string; match?: 'words' }
  /** Texts shown top to bottom in this order. */
  | { kind: 'order'; values: string[] }
  /** Which screen is showing, or is not. `loose`: a title sharing a word with the name may be it (not settled). */
  | { kind: 'screen'; name: string; negated: boolean; loose?: boolean }
  /** Quoted texts a screen, dialog, section or element shows ("The Flights screen shows "3 flights found""). */
  | { kind: 'shows'; subject: string; values: string[] }
  /** Whether a dialog is open. */
  | { kind: 'dialog'; open: boolean }
  /** A text shown as a message (an error, a notice), not a heading of the same words. */
  | { kind: 'message'; text: string; negated: boolean }
  /** A text on screen just below a field (the closest field above it). */
  | { kind: 'under_field'; text: string; field: string }
  /** The open dialog's buttons are exactly these names, in any order. */
  | { kind: 'dialog_buttons'; names: string[]; include?: boolean }
  /** The screen's switches together: both (exactly two) or all of them on or off. */
  | { kind: 'switches'; on: boolean; count: number | null }
  /** The text of the nth row of the list on screen (1-based). */
  | { kind: 'nth_row'; ordinal: number; value: string }
  /** A list row's second line (subtitle), the row by its place or title: equal to a text or containing each part. */
  | {
      kind: 'row_line';
      row: { ordinal: number } | { text: string };
      values: string[];
      match: 'equals' | 'contains';
      within?: string;
      /** Words the line must not hold ("with no priority"). */
      absent?: string[];
    }
  /**
   * The row of that title is at this place in the list (1-based; -1 the last), under a heading or in a view
   * when named. `atEnd`: read after scrolling to the end of the content, so the last row on screen is the list's.
   */
  | { kind: 'row_at'; text: string; ordinal: number; within?: string; atEnd?: boolean }
  /** Words that name a thing and what it reads, split on the screen: "Due Fri 22 Aug", "Name Sam Rivera". */
  | { kind: 'phrase'; text: string }
  /** The fields under a heading read these values top to bottom (none: all empty). */
  | { kind: 'section'; within: string; values: string[] }
  /** The texts under a plain text that titles a part of the screen hold these values ("Next appointment is …"). */
  | { kind: 'under_heading'; heading: string; values: string[]; otherwise?: Check; quoted?: boolean }
  /** Whether the user is signed in, read from the sign-in or sign-out controls the screen offers. */
  | { kind: 'signed_in'; signedIn: boolean }
  /** Whether a field hides what it holds (dots) or shows it as plain text. */
  | { kind: 'masked'; target: Target; masked: boolean }
  /** The rows under a heading are exactly these ("Only London → Edinburgh remains under Upcoming trips"). */
  | { kind: 'only_rows'; within: string; values: string[]; anyOrder?: boolean }
  /** The screen's heading reads this, with `below` the first text under it when given. */
  | { kind: 'heading'; value: string; below?: string }
  /** The list on screen has exactly this many rows, the whole list being on screen. */
  | { kind: 'list_rows'; count: number }
  /** "The tab bar is not shown": tab-bar items on the screen, or none. */
  | { kind: 'tab_bar'; shown: boolean }
  /** Several rows, each by its title and second line, under a heading or in order one after another. */
  | { kind: 'listed_rows'; rows: ListedRow[]; ordered: boolean; within?: string }
  /** A field's hint (placeholder), the field empty when `empty`. */
  | { kind: 'field_hint'; field: string | null; hint: string; empty: boolean }
  /** Some error on screen, its words not given. */
  | { kind: 'error_shown' }
  /** "No password error", "No Promo line is added", "No sold-out showings": nothing of that kind on screen. */
  | { kind: 'absent'; what: 'field_error' | 'line' | 'state'; name: string; atEnd?: boolean }
  /** "Only Wake up and Weekend coffee remain": the rows on screen are those, no other (the one row's line in brackets). */
  | { kind: 'rows_left'; names: string[]; line?: string }
  /** "No results message for "veloc" is shown": a message that nothing was found is on screen (for that search). */
  | { kind: 'no_results_shown'; query?: string }
  /** A check said of a screen by name ("Back to Account: …"): judged only while that screen shows. */
  | { kind: 'seen_on'; screen: string; check: Check; otherwise?: Check }
  /** A label (or, `quoted`, a text in quotes) with this value beside it: `Payment "Cash on delivery"`. */
  | { kind: 'quoted_label'; label: string; value: string; quoted?: boolean }
  /** Every text field on the screen is empty; `count`: there are exactly that many ("both fields"). */
  | { kind: 'fields_empty'; count: number | null }
  /** "The appointment is cancelled": a text holding the noun and the state, or the state alone on that thing's screen. */
  | { kind: 'status'; noun: string; state: string }
  /** Every one of several checks. */
  | { kind: 'all'; checks: Check[] };

/** A row named by its title, with its second line as written (equals) or holding each part (contains). */
export interface ListedRow {
  title: string;
  line: string[];
  match: 'equals' | 'contains';
}

/** What a "N items are shown" check counts. */
export type CountNoun = 'item' | 'button' | 'field' | 'switch';

export type Intent =
  | { kind: 'tap'; target: Target }
  | { kind: 'double_tap'; target: Target }
  | { kind: 'long_press'; target: Target; durationMs: number }
  /** "press X" where X is also a key name: the key, or the element named X, decided on the screen. */
  | { kind: 'press'; target: Target; key: string }
  /** Replaces the field's text; without a target, types into the focused field as it is. */
  | { kind: 'type'; text: string; target: Target | null }
  | { kind: 'clear'; target: Target }
  | { kind: 'set_switch'; target: Target; on: boolean }
  | { kind: 'toggle'; target: Target }
  /** The screen's switches together ("turn on both extras"): exactly `count` of them, or all when null. */
  | { kind: 'set_switches'; on: boolean; count: number | null }
  | { kind: 'scroll'; direction: ScrollDirection; times: number; on: Target | null }
  | { kind: 'scroll_until'; direction: ScrollDirection; target: Target }
  /** "Scroll down to the bottom": swipe until the content stops moving. */
  /** `within`: the list named ("to the bottom of the Transactions list"), whose name must show on screen. */
  | { kind: 'scroll_end'; direction: ScrollDirection; within?: string }
  | { kind: 'back' }
  | { kind: 'home' }
  | { kind: 'key'; key: string }
  | { kind: 'rotate'; to: Rotation | 'landscape' | 'portrait' | 'next' }
  | { kind: 'wait'; ms: number }
  /** `screen`: the target is a screen, met when the screen's title reads its name ("wait for the Home screen"). */
  | { kind: 'wait_until'; target: Target; appears: boolean; timeoutMs: number; screen?: boolean }
  | { kind: 'launch' }
  | { kind: 'relaunch' }
  | { kind: 'run_flow'; name: string }
  | { kind: 'check'; check: Check }
  /** Several actions on one screen, in the order written ("Sign in as alice with password hunter2"). */
  | { kind: 'sequence'; steps: Intent[] }
  /** Values into the form's fields in order ("Enter London / Paris / 14 Aug 2025"), within a section when named. */
  | { kind: 'fill'; values: string[]; within: string | null }
  /** A counter shown as "N noun" with add/remove buttons set to `count` ("2 passengers"). */
  | { kind: 'counter'; noun: string; count: number }
  /** A tap repeated: "tap Add passenger three times". */
  | { kind: 'tap_times'; target: Target; times: number; more?: boolean }
  /** The nth element of the list on screen (1-based; -1 the last): "pick the third product". */
  /** `named`: a name said before the kind ("the first Kim Lee row"); `detail`: what the row must also show ("(Tue 24 Feb)"). */
  | { kind: 'pick_ordinal'; ordinal: number; noun: string | null; text?: string; named?: string; detail?: string }
  /** Back, again and again, until the screen of that name shows ("go back until the Search screen is shown"). */
  | { kind: 'back_until'; screen: string; left: number }
  /** "Go back to Cards": back to the screen of that name (by its tab when the screen has no way back), read on the screen. */
  | { kind: 'back_to'; screen: string }
  /** Go to a place by its name or a path of names ("Profile > Settings"); each name is tapped unless shown. */
  | { kind: 'navigate'; path: string[] }
  /**
   * The open dialog's confirming or cancelling button, whatever its label; `what` names it when given.
   * `button`: the button of that name inside the open dialog ("Tap OK on the alert").
   */
  | { kind: 'dialog'; accept: boolean; what: string | null; button?: string; optional?: boolean }
  /** An option of a picker, list or menu ("Select Large from the Size dropdown"): the option, or the picker first. */
  | { kind: 'choose'; option: Target; from: Target }
  | { kind: 'kill' }
  /** Home, a pause (1 s unless said), then back to the app. */
  | { kind: 'background'; ms?: number }
  | { kind: 'hide_keyboard' };

export type ParsedStep = { understood: true; intent: Intent } | { understood: false; reason: string };

/** A grammar rule: the step read, or null when the rule does not apply. */
export type Rule = (s: string) => ParsedStep | null;
export const ok = (intent: Intent): ParsedStep => ({ understood: true, intent });
export const refuse = (reason: string): ParsedStep => ({ understood: false, reason });
