import { describe, expect, it } from 'vitest';
import { airplaneModeOf, coordinatesOf, linkOf, readPermissions } from './maestro-capabilities';

describe("Maestro's device-capability values, as simdeck's", () => {
  it('applies `all` first and lets a named permission override it, wherever it is written', () => {
    const read = readPermissions({ camera: 'allow', all: 'deny', medialibrary: 'unset', location: 'inuse' });
    expect(read).toEqual({
      settings: [
        { permission: 'camera', state: 'granted' },
        { permission: 'microphone', state: 'denied' },
        { permission: 'location', state: 'granted' },
        { permission: 'photos', state: 'reset' },
        { permission: 'contacts', state: 'denied' },
        { permission: 'notifications', state: 'denied' },
      ],
    });
  });

  it('refuses permissions and values simdeck cannot set, naming them', () => {
    expect(readPermissions({ bluetooth: 'allow' })).toMatchObject({
      problem: expect.stringMatching(/^permissions\.bluetooth: /),
    });
    expect(readPermissions({ camera: 'maybe' })).toEqual({
      problem: 'permissions.camera: must be allow, deny or unset',
    });
    expect(readPermissions('allow')).toMatchObject({ problem: expect.stringMatching(/must be a mapping/) });
    expect(readPermissions(Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, 'allow'])))).toMatchObject(
      {
        problem: expect.stringMatching(/more than 40/),
      },
    );
  });

  it('reads coordinates written as numbers or quoted numbers, within the globe', () => {
    expect(coordinatesOf({ latitude: '52.36', longitude: 4.88 })).toEqual({ latitude: 52.36, longitude: 4.88 });
    expect(coordinatesOf({ latitude: 'north', longitude: 4.88 })).toMatchObject({ problem: expect.any(String) });
    expect(coordinatesOf({ latitude: 0, longitude: 181 })).toMatchObject({
      problem: expect.stringMatching(/longitude/),
    });
  });

  it('reads links and airplane mode as Maestro writes them', () => {
    expect(linkOf('sample://items/3')).toBe('sample://items/3');
    expect(linkOf({ link: 'https://example.com', autoVerify: true })).toBe('https://example.com');
    expect(airplaneModeOf('enabled')).toBe(true);
    expect(airplaneModeOf(' Disabled ')).toBe(false);
    expect(airplaneModeOf('on')).toBeNull();
  });
});
