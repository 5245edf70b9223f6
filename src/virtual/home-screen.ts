import type { DeviceSpec } from '../worker/driver';
import type { Area } from './app-runtime';
import { box, type Box } from './scene';
import type { InstalledPackage } from './system-apps';

/** What the home screen shows and does: the apps in launcher order, the d-pad focus, a launch. */
export interface HomeScreenState {
  spec: DeviceSpec;
  apps: InstalledPackage[];
  /** Focus key of the focused icon (`home:<package>`), or null. */
  focus: string | null;
  launch(packageName: string): void;
}

/** System apps first, then the user's apps by name. */
export function launcherOrder(all: Iterable<InstalledPackage>): InstalledPackage[] {
  const apps = [...all];
  return [
    ...apps.filter((a) => a.system),
    ...apps.filter((a) => !a.system).sort((a, b) => a.info.name.localeCompare(b.info.name)),
  ];
}

function grid(area: Area): Box {
  return box({
    role: 'grid',
    draw: 'container',
    id: 'home-grid',
    x: area.x,
    y: area.y,
    w: area.w,
    h: area.h,
    hidden: true,
  });
}

/** A phone or tablet springboard: a grid of icons; icons that do not fit the screen are left out. */
export function layoutHome(area: Area, home: HomeScreenState): Box {
  const tablet = home.spec.category === 'tablet';
  const cols = tablet ? 6 : 4;
  const root = grid(area);
  const side = tablet ? 48 : 16;
  const cellW = (area.w - side * 2) / cols;
  const cellH = tablet ? 120 : 96;
  home.apps.forEach((app, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const y = area.y + 20 + row * cellH;
    if (y + cellH > area.y + area.h) return;
    const key = `home:${app.info.packageName}`;
    root.children.push(
      box({
        role: 'app_icon',
        draw: 'app_icon',
        text: app.info.name,
        id: app.info.packageName,
        color: app.color,
        icon: app.info.icon ?? undefined,
        x: Math.round(area.x + side + col * cellW),
        y,
        w: Math.round(cellW),
        h: cellH - 8,
        focusKey: key,
        focused: home.focus === key,
        onActivate: () => home.launch(app.info.packageName),
      }),
    );
  });
  return root;
}

/**
 * A TV home: a row of wide tiles, always with one focused (the first app until the d-pad moves
 * it). Returns the focus it settled on.
 */
export function layoutTvHome(area: Area, home: HomeScreenState): { grid: Box; focus: string | null } {
  const root = grid(area);
  const cols = 4;
  const tileW = 200;
  const tileH = 112;
  const gap = 28;
  const left = area.x + (area.w - (cols * tileW + (cols - 1) * gap)) / 2;
  const first = home.apps[0];
  const focus = home.focus === null && first ? `home:${first.info.packageName}` : home.focus;
  home.apps.forEach((app, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const y = area.y + 120 + row * (tileH + gap + 10);
    if (y + tileH > area.y + area.h) return;
    const key = `home:${app.info.packageName}`;
    root.children.push(
      box({
        role: 'app_icon',
        draw: 'tv_tile',
        text: app.info.name,
        id: app.info.packageName,
        color: app.color,
        icon: app.info.icon ?? undefined,
        x: Math.round(left + col * (tileW + gap)),
        y,
        w: tileW,
        h: tileH,
        focusKey: key,
        focused: focus === key,
        onActivate: () => home.launch(app.info.packageName),
      }),
    );
  });
  return { grid: root, focus };
}
