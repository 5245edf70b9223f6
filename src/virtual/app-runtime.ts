import type { Action, AppModel, Element, Scalar } from './app-model';
import {
  GAP,
  layoutAlert,
  layoutElement,
  NAV_BAR_HEIGHT,
  PAD,
  TV_MAX_WIDTH,
  type AlertState,
  type Area,
  type RuntimeEnv,
} from './app-layout';
import { notificationVars, withSystemVars, type Notification } from './device-conditions';
import { permissionPrompt, photoPicker } from './system-prompts';
import { evaluate, renderTemplate, type Scope, type Vars } from './app-templates';
import { box, collectFocusable, nextFocus, type Box, type Direction } from './scene';

export type { Area, RuntimeEnv } from './app-layout';
export { evaluate, renderTemplate, type Vars } from './app-templates';

/** Where an app's variables live between launches (the device keeps one file per app). */
export interface VarStore {
  load(): Vars | null;
  save(vars: Vars): void;
}

interface StackEntry {
  screen: string;
  scroll: number;
}

/**
 * One running app on a virtual device: navigation stack, variables, focus, alert. Input is
 * resolved against the last layout, which the device refreshes before every event.
 */
export class AppRuntime {
  vars: Vars;
  stack: StackEntry[];
  alert: AlertState | null = null;
  /** The notification that opened the app (`{{notification.title}}`). */
  notification: Notification | null = null;
  /** Focus key of the input receiving text. */
  editing: string | null = null;
  /** Focus key of the d-pad focus (TV) or the last activated control. */
  focus: string | null = null;
  exited = false;
  /** The message of a `crash` action: the app process died (the device takes it down). */
  crashed: string | null = null;
  /** Where `log` actions write (the device's log); set by the device that runs the app. */
  onLog: ((level: 'info' | 'warn' | 'error', message: string) => void) | null = null;
  private view = { top: 0, bottom: 0 };
  private last: { root: Box; area: Area; contentArea: Area; contentHeight: number } | null = null;

  constructor(
    readonly model: AppModel,
    readonly env: RuntimeEnv,
    private readonly store: VarStore,
    readonly params: Vars = {},
  ) {
    this.vars = withSystemVars({ ...(model.state ?? {}), ...(store.load() ?? {}), ...(model.memory ?? {}) }, () => ({
      ...env.device?.vars(),
      ...notificationVars(this.notification),
    }));
    const rule = model.launchRules?.find((r) => evaluate(r.if, this.vars, params));
    this.stack = [{ screen: rule?.screen ?? model.initialScreen, scroll: 0 }];
  }

  get screenId(): string {
    return this.stack[this.stack.length - 1]!.screen;
  }

  private get top(): StackEntry {
    return this.stack[this.stack.length - 1]!;
  }

  // ---- actions -------------------------------------------------------------------------------

  run(actions: Action[] | undefined, scope: Scope = {}): void {
    for (const [i, a] of (actions ?? []).entries()) {
      if (this.exited || this.crashed !== null) return;
      // A system dialog waits for its answer; the rest of the list runs after it.
      if (('requestPermission' in a || 'pickPhoto' in a) && this.systemDialog(a, actions!.slice(i + 1), scope)) return;
      if ('navigate' in a) this.go(() => this.stack.push({ screen: a.navigate, scroll: 0 }));
      else if ('replace' in a) this.go(() => (this.stack[this.stack.length - 1] = { screen: a.replace, scroll: 0 }));
      else if ('reset' in a) this.go(() => (this.stack = [{ screen: a.reset, scroll: 0 }]));
      else if ('back' in a) this.back();
      else if ('exit' in a) this.exited = true;
      else if ('log' in a) this.onLog?.(a.log.level, renderTemplate(a.log.message, this.vars, scope, this.params));
      else if ('crash' in a) this.crashed = renderTemplate(a.crash, this.vars, scope, this.params) || 'crash';
      else if ('set' in a) {
        for (const [k, v] of Object.entries(a.set)) {
          this.vars[k] = typeof v === 'string' ? renderTemplate(v, this.vars, scope, this.params) : v;
        }
        this.persist();
      } else if ('toggle' in a) {
        this.vars[a.toggle] = !(this.vars[a.toggle] === true);
        this.persist();
      } else if ('alert' in a) this.alert = { spec: a.alert, scope };
      else if ('if' in a) this.run(evaluate(a.if, this.vars, this.params) ? a.then : a.else, scope);
    }
  }

  /** Shows a permission prompt (when undecided) or the photo picker; false when the answer is already known. */
  private systemDialog(a: Action, rest: Action[], scope: Scope): boolean {
    const device = this.env.device;
    const answered = (bind: string, value: Scalar): Action[] => [{ set: { [bind]: value } }, ...rest];
    if ('pickPhoto' in a) {
      const spec = photoPicker(this.env.platform, device?.media() ?? [], (name) => answered(a.pickPhoto.bind, name));
      this.alert = { spec, scope };
      return true;
    }
    if (!('requestPermission' in a)) return false;
    const { permission, bind } = a.requestPermission;
    const known = device?.permission(permission);
    if (known !== undefined) {
      this.vars[bind] = known;
      this.persist();
      return false;
    }
    const spec = permissionPrompt(this.env.platform, device?.appName ?? 'App', permission, (granted) =>
      answered(bind, granted),
    );
    const onAnswer = (id: string | undefined) =>
      device?.decide(permission, id?.startsWith('permission-allow') === true);
    this.alert = { spec, scope, onAnswer };
    return true;
  }

  /** The edit menu of the field being edited (a long press): its Paste types the clipboard. False when no field is. */
  showPasteMenu(): boolean {
    const key = this.editing;
    const clipboard = this.env.device?.clipboard() ?? '';
    if (!key || clipboard === '') return false;
    const onAnswer = () => {
      this.editing = key;
      this.typeText(this.env.device?.clipboard() ?? '');
    };
    this.alert = { spec: { title: 'Edit', buttons: [{ label: 'Paste', id: 'paste' }] }, scope: {}, onAnswer };
    return true;
  }

  /** A deep link opened the app: its values are set and its screen shown on top. */
  openLink(screen: string, set: Record<string, Scalar> | undefined, link: Record<string, string>): void {
    this.alert = null;
    if (set) this.run([{ set }], { link });
    if (this.screenId !== screen) this.go(() => this.stack.push({ screen, scroll: 0 }));
  }

  /** A tapped notification opened the app: its values are readable and its route shown on top. */
  openNotification(n: Notification): void {
    this.alert = null;
    this.notification = n;
    const route = this.model.notificationRoute;
    if (route && this.screenId !== route) this.go(() => this.stack.push({ screen: route, scroll: 0 }));
  }

  private go(change: () => void): void {
    change();
    this.editing = null;
    this.focus = null;
  }

  persist(): void {
    this.store.save(this.vars);
  }

  /** BACK / edge swipe / nav bar back. Returns false when there is nothing to go back to. */
  back(): boolean {
    if (this.alert) {
      this.alert = null;
      return true;
    }
    if (this.editing) {
      this.editing = null;
      return true;
    }
    if (this.stack.length > 1) {
      this.go(() => this.stack.pop());
      return true;
    }
    return false;
  }

  // ---- input ---------------------------------------------------------------------------------

  scrollBy(dy: number): boolean {
    if (!this.last || this.alert) return false;
    const max = Math.max(0, this.last.contentHeight - this.last.contentArea.h);
    const next = Math.min(max, Math.max(0, this.top.scroll + dy));
    if (next === this.top.scroll) return false;
    this.top.scroll = next;
    return true;
  }

  typeText(text: string): boolean {
    const el = this.editing ? this.findElement(this.editing) : null;
    if (el?.type !== 'input') return false;
    const current = String(this.vars[el.bind] ?? '');
    let next = current + text;
    if (el.maxLength !== undefined) next = next.slice(0, el.maxLength);
    this.vars[el.bind] = next;
    this.persist();
    return true;
  }

  /** Android keycode names without KEYCODE_. Returns whether anything changed. */
  key(key: string): boolean {
    const k = key.toUpperCase();
    if (k === 'BACK' || k === 'ESCAPE') return this.back();
    if (k === 'DEL' || k === 'BACKSPACE') {
      const el = this.editing ? this.findElement(this.editing) : null;
      if (el?.type !== 'input') return false;
      const current = String(this.vars[el.bind] ?? '');
      if (current === '') return false;
      this.vars[el.bind] = Array.from(current).slice(0, -1).join('');
      this.persist();
      return true;
    }
    if (k === 'DPAD_UP' || k === 'DPAD_DOWN' || k === 'DPAD_LEFT' || k === 'DPAD_RIGHT') {
      return this.moveFocus(k.slice(5).toLowerCase() as Direction);
    }
    if (k === 'DPAD_CENTER' || k === 'ENTER' || k === 'NUMPAD_ENTER') {
      if (this.editing && k !== 'DPAD_CENTER') {
        const el = this.findElement(this.editing);
        this.editing = null;
        if (el?.type === 'input') this.run(el.submit);
        return true;
      }
      const focused = this.focusedBox();
      if (focused?.onActivate) {
        focused.onActivate();
        return true;
      }
      return false;
    }
    if (k === 'TAB') return this.moveFocus('down');
    if (k === 'PASTE') return this.typeText(this.env.device?.clipboard() ?? '');
    // Character keycodes type their character into the focused input, as on Android.
    const ch = /^[A-Z0-9]$/.test(k) ? k.toLowerCase() : k === 'SPACE' ? ' ' : null;
    if (ch !== null) return this.typeText(ch);
    return false;
  }

  tap(hit: Box | null): boolean {
    if (!hit) {
      if (this.editing) {
        this.editing = null;
        return true;
      }
      return false;
    }
    if (hit.draw === 'scrim') return false;
    if (this.editing && hit.focusKey !== this.editing) this.editing = null;
    hit.onActivate?.();
    return true;
  }

  private focusedBox(): Box | undefined {
    if (!this.last) return undefined;
    this.layout(this.last.area);
    const all = collectFocusable(this.last.root);
    return all.find((b) => b.focusKey === this.focus);
  }

  private moveFocus(dir: Direction): boolean {
    if (!this.last) return false;
    this.layout(this.last.area);
    const all = collectFocusable(this.last.root);
    const current = all.find((b) => b.focusKey === this.focus);
    const next = nextFocus(all, current, dir);
    if (!next || next === current) {
      // At the edge of the visible part: scroll to reveal more content.
      if (dir === 'down') return this.scrollBy(120);
      if (dir === 'up') return this.scrollBy(-120);
      return false;
    }
    this.focus = next.focusKey!;
    this.editing = null;
    const ca = this.last.contentArea;
    if (next.y + next.h > ca.y + ca.h) this.scrollBy(next.y + next.h - (ca.y + ca.h) + GAP);
    else if (next.y < ca.y) this.scrollBy(next.y - ca.y - GAP);
    return true;
  }

  private findElement(key: string): Element | null {
    const [screen, index] = key.split(':');
    if (screen !== this.screenId) return null;
    return this.model.screens[screen]?.elements[Number(index)] ?? null;
  }

  // ---- layout --------------------------------------------------------------------------------

  /** Lays out the current screen inside `area` (points). */
  layout(area: Area): Box {
    const screen = this.model.screens[this.screenId]!;
    const tv = this.env.tv;
    const root = box({
      role: 'screen',
      draw: 'container',
      text: renderTemplate(screen.title, this.vars, {}, this.params),
      x: area.x,
      y: area.y,
      w: area.w,
      h: area.h,
      id: this.screenId,
    });
    let top = area.y;
    if (!screen.hideNavBar) {
      const navH = tv ? 64 : NAV_BAR_HEIGHT;
      const nav = box({
        role: 'navigation_bar',
        draw: 'nav_bar',
        text: root.text,
        x: area.x,
        y: top,
        w: area.w,
        h: navH,
        detail: this.env.platform,
      });
      if (this.stack.length > 1) {
        const label = this.env.platform === 'ios' ? '‹ Back' : '←';
        const backH = Math.max(navH - 12, this.env.platform === 'ios' ? 44 : 48);
        nav.children.push(
          box({
            role: 'button',
            draw: 'nav_back',
            text: 'Back',
            detail: label,
            id: 'nav-back',
            x: area.x + 8,
            // At least the platform's minimum tap target (44 pt, 48 dp), centred in the bar.
            y: top + (navH - backH) / 2,
            w: this.env.platform === 'ios' ? 90 : 48,
            h: backH,
            focusKey: `${this.screenId}:nav-back`,
            onActivate: () => this.back(),
          }),
        );
      }
      root.children.push(nav);
      top += navH;
    }
    const contentArea: Area = { x: area.x, y: top, w: area.w, h: area.y + area.h - top };
    const content = box({
      role: 'scroll_view',
      draw: 'container',
      x: contentArea.x,
      y: contentArea.y,
      w: contentArea.w,
      h: contentArea.h,
      clip: true,
      hidden: true,
    });
    root.children.push(content);
    const innerW = Math.min(area.w - PAD * 2, tv ? TV_MAX_WIDTH : 10_000);
    const left = area.x + Math.round((area.w - innerW) / 2);
    let y = top + PAD - this.top.scroll;
    const visibleTop = contentArea.y;
    const visibleBottom = contentArea.y + contentArea.h;
    this.view = { top: visibleTop, bottom: visibleBottom };
    const add = (b: Box) => {
      if (b.y + b.h > visibleTop && b.y < visibleBottom) content.children.push(b);
    };
    screen.elements.forEach((el, index) => {
      if (el.visibleIf && !evaluate(el.visibleIf, this.vars, this.params)) return;
      const enabled = el.enabledIf ? evaluate(el.enabledIf, this.vars, this.params) : true;
      const key = `${this.screenId}:${index}`;
      const h = layoutElement(this, this.view, el, key, enabled, left, y, innerW, add);
      y += h + GAP;
    });
    const contentHeight = y - (top - this.top.scroll) + PAD - GAP;
    if (this.alert) root.children.push(layoutAlert(this, area));
    this.last = { root, area, contentArea, contentHeight };
    // Keep scroll valid if content shrank (e.g. an error text disappeared).
    const max = Math.max(0, contentHeight - contentArea.h);
    if (this.top.scroll > max) {
      this.top.scroll = max;
      return this.layout(area);
    }
    if (this.env.tv && this.focus === null) {
      const all = collectFocusable(root);
      const first = all.find((b) => !b.focusKey!.endsWith(':nav-back')) ?? all[0];
      if (first) {
        this.focus = first.focusKey!;
        return this.layout(area);
      }
    }
    return root;
  }
}
