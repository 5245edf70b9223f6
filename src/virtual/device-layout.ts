import type { DeviceSpec } from '../worker/driver';
import { layoutAlert, type LayoutHost } from './app-layout';
import type { AppRuntime, Area } from './app-runtime';
import { layoutHome, layoutTvHome, type HomeScreenState } from './home-screen';
import { box, type Box } from './scene';
import type { ScreenProfile } from './screen-profile';
import type { InstalledPackage } from './system-apps';

/** Everything the whole screen is laid out from. */
export interface DeviceLayoutState {
  spec: DeviceSpec;
  profile: ScreenProfile;
  /** Screen size in points as rotated. */
  size: { w: number; h: number };
  booted: boolean;
  /** The foreground app and its running model (null: a placeholder screen), or none: home. */
  foreground: { app: InstalledPackage; runtime: AppRuntime | null } | null;
  home: HomeScreenState;
  /** The notification banner on top of everything, and what tapping it does. */
  banner?: { title: string; body: string; open: () => void } | null;
  /** A system dialog over the screen (Android's "keeps stopping" after a crash). */
  systemAlert?: LayoutHost | null;
}

/**
 * The whole screen: status bar, the foreground app (or the home screen) and the home indicator.
 * Returns the home focus the layout settled on (a TV home always focuses an app).
 */
export function layoutDevice(state: DeviceLayoutState): { root: Box; homeFocus: string | null } {
  const { spec, profile } = state;
  const { w, h } = state.size;
  const tv = spec.category === 'tv';
  const landscapePhone = spec.category === 'phone' && w > h;
  const statusH = landscapePhone && spec.type === 'ios' ? 0 : profile.statusBarPt;
  const bottomH = profile.bottomInsetPt;
  const root = box({ role: 'screen', draw: 'root', x: 0, y: 0, w, h, text: null, hidden: false });
  let homeFocus = state.home.focus;
  if (!state.booted) {
    root.color = '#000000';
    root.text = 'Powered off';
    return { root, homeFocus };
  }
  const area: Area = { x: 0, y: statusH, w, h: h - statusH - bottomH };
  const fg = state.foreground;
  if (fg) {
    root.role = 'application';
    root.text = fg.app.info.name;
    root.id = fg.app.info.packageName;
    root.children.push(fg.runtime ? fg.runtime.layout(area) : placeholder(fg.app, area));
  } else {
    root.text = 'Home';
    root.id = 'home';
    root.color = tv ? '#1b2735' : spec.type === 'ios' ? '#2f5d9e' : '#3a4a7a';
    if (tv) {
      const laid = layoutTvHome(area, state.home);
      homeFocus = laid.focus;
      root.children.push(laid.grid);
    } else root.children.push(layoutHome(area, state.home));
  }
  if (state.systemAlert?.alert) root.children.push(layoutAlert(state.systemAlert, area));
  if (statusH > 0) {
    const time = spec.type === 'ios' ? '9:41' : '12:00';
    root.children.push(
      box({
        role: 'status_bar',
        draw: 'status_bar',
        x: 0,
        y: 0,
        w,
        h: statusH,
        detail: `${time}\u0000${spec.type === 'android' ? '5G' : ''}`,
        hidden: true,
        color: fg ? undefined : '#ffffff',
      }),
    );
  }
  if (!tv && bottomH > 0) {
    const barW = spec.type === 'ios' ? 134 : 108;
    root.children.push(
      box({
        role: 'home_indicator',
        draw: 'home_indicator',
        x: (w - barW) / 2,
        y: h - bottomH / 2 - 2.5,
        w: barW,
        h: 5,
        hidden: true,
        color: fg ? '#000000' : '#ffffff',
      }),
    );
  }
  if (state.banner) root.children.push(layoutBanner(state.banner, w, statusH, tv));
  return { root, homeFocus };
}

/** A notification banner under the status bar; its title and body are in the UI tree. */
function layoutBanner(n: { title: string; body: string; open: () => void }, w: number, top: number, tv: boolean): Box {
  const bw = Math.min(w - 16, tv ? 520 : 420);
  const x = Math.round((w - bw) / 2);
  const y = top + 6;
  const banner = box({
    role: 'notification',
    draw: 'alert',
    text: n.title,
    detail: `${n.title}\u0000${n.body}`,
    id: 'notification-banner',
    x,
    y,
    w: bw,
    h: 76,
    onActivate: n.open,
  });
  banner.children.push(
    box({
      role: 'text',
      draw: 'inline_text',
      text: n.body,
      id: 'notification-body',
      x: x + 16,
      y: y + 42,
      w: bw - 32,
      h: 20,
    }),
  );
  return banner;
}

/** What an app without a model shows: its icon, name and version. */
function placeholder(app: InstalledPackage, area: Area): Box {
  return box({
    role: 'text',
    draw: 'placeholder',
    text: app.info.name,
    detail: `${app.info.name}\u0000${app.info.packageName} ${app.info.version}`,
    color: app.color,
    x: area.x,
    y: area.y,
    w: area.w,
    h: area.h,
  });
}
