import { performDeviceAction, runLoopPlan, type ActionContext, type PerformedAction } from './device-actions';
import { interpretStep, type Observation, type Resolution } from './interpreter';
import { namedElsewhere, tabsToSearch } from './interpreter/tab-search';
import { goesTo, MAX_BACKS, wayBack } from './interpreter/way-back';
import { waitForSettledScreen } from './settle';
import type { TraceEntry } from './step-agent';

type Settled = Extract<Resolution, { settled: true }>;

/** The screen as it is now, settled. */
async function look(ctx: ActionContext): Promise<Observation> {
  const { tree } = await waitForSettledScreen(ctx.device, { signal: ctx.signal, wait: ctx.wait });
  return { tree, screen: await ctx.device.screen() };
}

/**
 * Opens a tab by name as the step "Open the X tab" would (a tab bar below the content is scrolled to
 * first); returns the actions done, or null when the tab could not be opened.
 */
async function openTab(name: string, ctx: ActionContext): Promise<PerformedAction[] | null> {
  const done: PerformedAction[] = [];
  let text = `Open the "${name}" tab`;
  for (let part = 0; part < 3; part++) {
    const r = interpretStep(text, await look(ctx));
    if (!r.settled) return null;
    if (r.kind === 'actions') for (const a of r.actions) done.push(await performDeviceAction(a, ctx));
    else if (r.kind === 'scroll_until') {
      const loop = await runLoopPlan(r.plan, ctx);
      done.push(...loop.actions);
      if (!loop.met) return null;
    } else return null;
    if (!r.then) return done;
    text = r.then;
  }
  return null;
}

/**
 * A clause whose place is not on this screen, looked for under the app's other tabs (one after
 * another, each read as the clause would be there). The first tab where the clause is settled as an
 * action is where the step goes on; when none is, the tab the step started on is opened again (and its
 * content scrolled back to the top when the search scrolled it to find the tab bar) and null is returned,
 * so the clause is not settled as before. Checks are never looked for elsewhere.
 */
export async function underAnotherTab(
  text: string,
  ctx: ActionContext,
  index: number,
  trace: TraceEntry[],
  arrivedFrom: Observation | null = null,
): Promise<{ resolution: Settled; actions: PerformedAction[]; observation: Observation } | null> {
  const actions: PerformedAction[] = [];
  let search = tabsToSearch(await look(ctx));
  // A tab bar below the content is in no tree until the content is scrolled to its end.
  let scrolled = false;
  if (!search) {
    scrolled = await scrollToEnd('Scroll to the bottom', ctx);
    search = tabsToSearch(await look(ctx));
  }
  // Not found: the screen is left as the step found it (the model, or the error, reads that one).
  const restore = async () => {
    if (search?.back) await openTab(search.back, ctx);
    if (scrolled) await scrollToEnd('Scroll to the top', ctx);
  };
  if (!search) {
    await restore();
    // "Go to Orders" on a confirmation screen: the tab bar is on the screens this one was opened from.
    return backToPlace(text, ctx, index, trace, arrivedFrom);
  }
  for (const tab of search.tabs) {
    ctx.signal.throwIfAborted();
    const opened = await openTab(tab, ctx);
    if (!opened) break;
    actions.push(...opened);
    let seen = await look(ctx);
    let r = interpretStep(text, seen);
    // Below this tab's fold ("Settings: turn on Face ID" with Settings further down Profile): scrolled to, read again.
    if (r.settled && r.kind === 'scroll_until' && r.notFound) {
      const loop = await runLoopPlan(r.plan, ctx);
      actions.push(...loop.actions);
      if (loop.met) {
        seen = await look(ctx);
        r = interpretStep(text, seen);
      } else if (loop.actions.length > 0) actions.push(...(await scrollToEndActions('Scroll to the top', ctx)));
    }
    trace.push({
      step_index: index,
      thought: `not on this screen; under the ${tab} tab: ${r.settled ? r.reasoning : r.reason}`,
      tool: 'interpreter',
      args: { text, tab },
      outcome: r.settled ? r.kind : 'not settled',
    });
    // Found there: an action on what the clause names (a scroll that never finds it is no finding).
    if (r.settled && r.kind !== 'check' && !(r.kind === 'scroll_until' && r.notFound))
      return { resolution: r, actions, observation: seen };
    if (!r.settled && !namedElsewhere(r.reason)) break;
  }
  await restore();
  return null;
}

/** Scrolls the content to an end ("Scroll to the bottom" / "… top"); whether it scrolled. */
async function scrollToEnd(step: string, ctx: ActionContext): Promise<boolean> {
  return (await scrollToEndActions(step, ctx)).length > 0;
}

/** Scrolls the content to an end; the swipes done. */
async function scrollToEndActions(step: string, ctx: ActionContext): Promise<PerformedAction[]> {
  const end = interpretStep(step, await look(ctx));
  if (!end.settled || end.kind !== 'scroll_until') return [];
  return (await runLoopPlan(end.plan, ctx)).actions;
}

/**
 * A step that only says where to go ("Go to Orders", "Open the Orders tab"), its place on no part of a screen without
 * a tab bar: back by the screen's one "Back to …" button (or, first, the Back control of a screen the step before
 * opened) until a screen reads the step as an action, at most MAX_BACKS times. The screens gone back from are not
 * opened again (what was there may be gone, such as an order's confirmation); the step is not settled as before when
 * no screen reads it.
 */
async function backToPlace(
  text: string,
  ctx: ActionContext,
  index: number,
  trace: TraceEntry[],
  arrivedFrom: Observation | null,
): Promise<{ resolution: Settled; actions: PerformedAction[]; observation: Observation } | null> {
  const place = goesTo(text);
  if (!place) return null;
  const actions: PerformedAction[] = [];
  for (let i = 0; i < MAX_BACKS; i++) {
    ctx.signal.throwIfAborted();
    // Only the screen the step before opened may be left by its Back control, and only as the first way back.
    const way = wayBack(await look(ctx), i === 0 ? arrivedFrom : null);
    if (!way) return null;
    actions.push(await performDeviceAction(way, ctx));
    const seen = await look(ctx);
    const r = interpretStep(text, seen);
    trace.push({
      step_index: index,
      thought: `no "${place}" on this screen and no tab bar: back, then ${r.settled ? r.reasoning : r.reason}`,
      tool: 'interpreter',
      args: { text },
      outcome: r.settled ? r.kind : 'not settled',
    });
    if (r.settled && r.kind !== 'check') return { resolution: r, actions, observation: seen };
    if (!r.settled && !namedElsewhere(r.reason)) return null;
  }
  return null;
}
