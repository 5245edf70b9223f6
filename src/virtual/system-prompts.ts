import type { Action, AlertSpec, ModelPermission } from './app-model';
import type { MediaItem } from './device-conditions';

/**
 * The system dialogs a virtual device shows for an app: permission prompts in the platform's
 * words and buttons, and the photo picker. They are alerts in the UI tree, so tests answer them
 * like any alert; the allow buttons' ids start with `permission-allow`, the deny button's is
 * `permission-deny`.
 */

const IOS_ACCESS: Record<Exclude<ModelPermission, 'location' | 'notifications'>, string> = {
  camera: 'the Camera',
  microphone: 'the Microphone',
  photos: 'Your Photos',
  contacts: 'Your Contacts',
};

const ANDROID_ASK: Record<ModelPermission, string> = {
  camera: 'take pictures and record video',
  microphone: 'record audio',
  location: "access this device's location",
  photos: 'access photos and videos on this device',
  contacts: 'access your contacts',
  notifications: 'send you notifications',
};

/** The prompt for `permission` of `appName`; `then(granted)` is what each answer runs. */
export function permissionPrompt(
  platform: 'ios' | 'android',
  appName: string,
  permission: ModelPermission,
  then: (granted: boolean) => Action[],
): AlertSpec {
  const allow = (label: string, id = 'permission-allow') => ({ label, id, action: then(true) });
  if (platform === 'ios') {
    const deny = { label: "Don't Allow", id: 'permission-deny', style: 'cancel' as const, action: then(false) };
    if (permission === 'location')
      return {
        title: `Allow \u201c${appName}\u201d to use your location?`,
        buttons: [allow('Allow Once', 'permission-allow-once'), allow('Allow While Using App'), deny],
      };
    if (permission === 'notifications')
      return {
        title: `\u201c${appName}\u201d Would Like to Send You Notifications`,
        message: 'Notifications may include alerts, sounds and icon badges.',
        buttons: [deny, allow('Allow')],
      };
    return {
      title: `\u201c${appName}\u201d Would Like to Access ${IOS_ACCESS[permission]}`,
      buttons: [deny, allow('Allow')],
    };
  }
  const deny = { label: "Don't allow", id: 'permission-deny', style: 'cancel' as const, action: then(false) };
  const title = `Allow ${appName} to ${ANDROID_ASK[permission]}?`;
  if (permission === 'camera' || permission === 'microphone' || permission === 'location')
    return {
      title,
      buttons: [allow('While using the app'), allow('Only this time', 'permission-allow-once'), deny],
    };
  return { title, buttons: [allow('Allow'), deny] };
}

/** The photo picker: the two newest photos and Cancel; each choice runs `then(name)` ("" for Cancel). */
export function photoPicker(
  platform: 'ios' | 'android',
  media: readonly MediaItem[],
  then: (name: string) => Action[],
): AlertSpec {
  const recent = media.slice(-2).reverse();
  return {
    title: platform === 'ios' ? 'Photos' : 'Select a photo',
    message: recent.length ? 'Recents' : 'No photos or videos',
    buttons: [
      ...recent.map((m, i) => ({ label: m.name, id: `photo-${i}`, action: then(m.name) })),
      { label: 'Cancel', id: 'photo-cancel', style: 'cancel' as const, action: then('') },
    ],
  };
}
