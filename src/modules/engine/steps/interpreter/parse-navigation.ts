import { type Rule, ok, refuse } from './intent';
import { unquote } from './step-text';

/** Steps that move around the app or the device: back, home, relaunch, launch, a sub-flow, rotation. */

export const navigationRules: Rule[] = [
  // "clicks on the native "back" button", "navigate up": the system back navigation.
  (s) =>
    /^(?:(?:tap|click|press|hit|touch)(?: in| on)? (?:the )?(?:native|system|hardware|device|android|phone) "?back"?(?: button| key)?|navigate up|go up)$/i.test(
      s,
    )
      ? ok({ kind: 'back' })
      : null,
  // "Back to Home", "Go back to Home": the app's screen of that name (a capital: a name), never the device's home.
  (s) =>
    /^(?:(?:go|navigate|move|get|head|return|and) )?back to (?:the )?home(?: screen| page| tab)?$/i.test(s) &&
    /\bHome\b/.test(s)
      ? ok({ kind: 'back_to', screen: 'Home' })
      : null,
  // "I go back to the Search screen", "then back to Orders": back to that screen (which screen it leads to is for the next step to check).
  (s) => {
    const m =
      /^(?:(?:go|navigate|move|get|head|switch|and) )?back to (?!(?:the )?home(?: screen| page)?$)(?:the )?([^,;]+?)(?: (?:screen|page|tab|list))?$/i.exec(
        s,
      );
    return m ? ok({ kind: 'back_to', screen: unquote(m[1]!) }) : null;
  },
  (s) =>
    /^(?:(?:go|navigate|move|return) back|back|(?:press|hit|push) (?:the )?(?:system |hardware |device )?back(?: button| key)?)$/i.test(
      s,
    )
      ? ok({ kind: 'back' })
      : null,
  (s) =>
    /^(?:(?:go|navigate|return|get) (?:back )?(?:to )?(?:the )?home(?: screen)?|(?:press|hit|push) (?:the )?home(?: button| key)?)$/i.test(
      s,
    )
      ? ok({ kind: 'home' })
      : null,
  (s) =>
    /^(?:re-?launch|restart|re-?open|re-?start|kill and (?:re)?launch|close and (?:re)?open|force[- ]stop and (?:re)?launch) (?:the )?app(?:lication)?$/i.test(
      s,
    )
      ? ok({ kind: 'relaunch' })
      : null,
  (s) => (/^(?:open|launch|start|run|bring up) (?:the )?app(?:lication)?$/i.test(s) ? ok({ kind: 'launch' }) : null),
  (s) => {
    const m = /^run (?:the )?(?:sub-?flow|flow) (.+)$/i.exec(s) ?? /^run (?:the )?(.+?) (?:sub-?flow|flow)$/i.exec(s);
    return m ? ok({ kind: 'run_flow', name: unquote(m[1]!) }) : null;
  },
  (s) => {
    const m =
      /^(?:rotate|turn|switch|flip)(?: the)?(?: device| screen| phone| tablet)?(?: (?:to|into))?(?: (landscape|portrait)(?: mode| orientation)?| (-?\d+)\s*(?:°|degrees?|deg))?$/i.exec(
        s,
      );
    if (!m) return null;
    if (m[1]) return ok({ kind: 'rotate', to: m[1].toLowerCase() as 'landscape' | 'portrait' });
    if (m[2]) {
      const deg = Number(m[2]);
      if (deg !== 0 && deg !== 90 && deg !== 180 && deg !== 270)
        return refuse('not understood: a rotation is 0, 90, 180 or 270 degrees');
      return ok({ kind: 'rotate', to: deg });
    }
    return /^(?:rotate)/i.test(s) ? ok({ kind: 'rotate', to: 'next' }) : null;
  },
];
