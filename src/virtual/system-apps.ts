import { createHash } from 'node:crypto';
import type { DevicePackage as PackageInfo } from '../packages/device-package';
import type { DeviceSpec } from '../worker/driver';
import type { AppModel } from './app-model';

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
