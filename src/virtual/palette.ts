/** What a screen is drawn in: the platform's light look, or the dark look of TVs. */
export interface Theme {
  platform: 'ios' | 'android';
  tv: boolean;
  /** The device's dark appearance (set through the appearance capability). */
  dark?: boolean;
}

export interface Palette {
  bg: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
  accentText: string;
  danger: string;
  success: string;
  separator: string;
  focus: string;
}

const LIGHT_IOS: Palette = {
  bg: '#f2f2f7',
  surface: '#ffffff',
  text: '#000000',
  muted: '#6c6c70',
  accent: '#007aff',
  accentText: '#ffffff',
  danger: '#ff3b30',
  success: '#248a3d',
  separator: '#c6c6c8',
  focus: '#007aff',
};
const LIGHT_ANDROID: Palette = {
  bg: '#fef7ff',
  surface: '#ffffff',
  text: '#1d1b20',
  muted: '#49454f',
  accent: '#6750a4',
  accentText: '#ffffff',
  danger: '#b3261e',
  success: '#146c2e',
  separator: '#cac4d0',
  focus: '#6750a4',
};
const DARK_TV: Palette = {
  bg: '#101418',
  surface: '#1f252b',
  text: '#f1f3f5',
  muted: '#9aa4ae',
  accent: '#3d8bfd',
  accentText: '#ffffff',
  danger: '#ff6b6b',
  success: '#51cf66',
  separator: '#343a40',
  focus: '#ffffff',
};

const DARK_IOS: Palette = {
  bg: '#000000',
  surface: '#1c1c1e',
  text: '#ffffff',
  muted: '#98989f',
  accent: '#0a84ff',
  accentText: '#ffffff',
  danger: '#ff453a',
  success: '#30d158',
  separator: '#38383a',
  focus: '#0a84ff',
};
const DARK_ANDROID: Palette = {
  bg: '#141218',
  surface: '#211f26',
  text: '#e6e0e9',
  muted: '#cac4d0',
  accent: '#d0bcff',
  accentText: '#381e72',
  danger: '#f2b8b5',
  success: '#6dd58c',
  separator: '#49454f',
  focus: '#d0bcff',
};

export function paletteFor(theme: Theme): Palette {
  if (theme.tv) return DARK_TV;
  if (theme.dark) return theme.platform === 'ios' ? DARK_IOS : DARK_ANDROID;
  return theme.platform === 'ios' ? LIGHT_IOS : LIGHT_ANDROID;
}
