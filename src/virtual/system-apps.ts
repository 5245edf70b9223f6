import { createHash } from 'node:crypto';
import type { DevicePackage as PackageInfo } from '../packages/device-package';
import type { DeviceSpec } from '../worker/driver';
import type { AppModel } from './app-model';
import type { DeviceConditions } from './device-conditions';

/** An app on a virtual device: its package, whether it came with the device, its launcher colour. */
export interface InstalledPackage {
  info: PackageInfo;
  system: boolean;
  color: string;
  /** Granted at install (a reinstall keeps earlier grants, like `adb install -r`). */
  permissionsGranted: boolean;
}

const ICON_COLORS = [
  '#ff9500',
  '#34c759',
  '#5856d6',
  '#ff2d55',
  '#00c7be',
  '#af52de',
  '#007aff',
  '#ff3b30',
  '#30b0c7',
  '#a2845e',
];

/** A stable launcher colour for a package that names none. */
export function colorFor(packageName: string): string {
  const h = createHash('sha1').update(packageName).digest();
  return ICON_COLORS[h[0]! % ICON_COLORS.length]!;
}

/** The apps a fresh device of this platform and category comes with; Settings shows an About screen. */
export function systemApps(spec: DeviceSpec): InstalledPackage[] {
  const ios = spec.type === 'ios';
  const tv = spec.category === 'tv';
  const sys: [string, string][] = tv
    ? ios
      ? [['com.apple.TVSettings', 'Settings']]
      : [['com.android.tv.settings', 'Settings']]
    : ios
      ? [
          ['com.apple.Preferences', 'Settings'],
          ['com.apple.mobilesafari', 'Safari'],
          ['com.apple.mobileslideshow', 'Photos'],
        ]
      : [
          ['com.android.settings', 'Settings'],
          ['com.android.chrome', 'Chrome'],
          ['com.google.android.apps.photos', 'Photos'],
        ];
  return sys.map(([packageName, name]) => ({
    system: true,
    permissionsGranted: true,
    color: name === 'Settings' ? '#8e8e93' : colorFor(packageName),
    info: {
      platform: spec.type,
      packageName,
      name,
      version: spec.osVersion,
      build: null,
      minOsVersion: null,
      permissions: [],
      model: name === 'Settings' ? settingsModel(spec) : null,
      icon: null,
    },
  }));
}

/** The browser each platform opens http(s) links in. */
export function browserPackage(spec: DeviceSpec): string | null {
  if (spec.category === 'tv') return null;
  return spec.type === 'ios' ? 'com.apple.mobilesafari' : 'com.android.chrome';
}

const PHOTOS = new Set(['com.apple.mobileslideshow', 'com.google.android.apps.photos']);

/**
 * The models of the system apps that show device state: the browser shows the address it was
 * opened with, Photos lists the media added to the device.
 */
export function systemModel(spec: DeviceSpec, packageName: string, conditions: DeviceConditions): AppModel | null {
  if (packageName === browserPackage(spec))
    return {
      initialScreen: 'page',
      screens: {
        page: {
          title: spec.type === 'ios' ? 'Safari' : 'Chrome',
          elements: [
            { type: 'text', id: 'browser-address', style: 'caption', text: '{{params.url}}' },
            {
              type: 'text',
              id: 'browser-status',
              text: 'Page loaded',
              visibleIf: { var: 'device.online', equals: true },
            },
            {
              type: 'text',
              id: 'browser-offline',
              style: 'error',
              text: 'You are not connected to the internet',
              visibleIf: { var: 'device.online', equals: false },
            },
          ],
        },
      },
    };
  if (PHOTOS.has(packageName)) {
    const items = [...conditions.media]
      .reverse()
      .map((m, i) => ({ id: `photo-${i}`, title: m.name, subtitle: m.kind.toUpperCase() }));
    return {
      initialScreen: 'library',
      screens: {
        library: {
          title: 'Photos',
          elements: items.length
            ? [{ type: 'list', id: 'photo-list', items }]
            : [{ type: 'text', id: 'photos-empty', text: 'No Photos or Videos' }],
        },
      },
    };
  }
  return null;
}

function settingsModel(spec: DeviceSpec): AppModel {
  const os = spec.type === 'ios' ? (spec.category === 'tv' ? 'tvOS' : 'iOS') : 'Android';
  return {
    initialScreen: 'settings',
    screens: {
      settings: {
        title: 'Settings',
        elements: [
          {
            type: 'list',
            id: 'settings-list',
            items: [{ id: 'about', title: 'About', subtitle: `${spec.name}`, action: [{ navigate: 'about' }] }],
          },
        ],
      },
      about: {
        title: 'About',
        elements: [
          { type: 'text', style: 'headline', text: spec.name, id: 'device-name' },
          { type: 'text', text: `Model: ${spec.model}` },
          { type: 'text', text: `${os} ${spec.osVersion}`, id: 'os-version' },
          { type: 'text', style: 'caption', text: `Device ID: ${spec.deviceId}` },
        ],
      },
    },
  };
}
