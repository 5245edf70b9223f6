import type { Command } from 'commander';
import { UsageError } from '../api-client';
import { action, examples, loggedInClient, output, type CommonOptions } from '../output';

/**
 * `simdeck sessions open-url | location | permission | clipboard | add-media | appearance | push |
 * network`: the device capabilities of a session (docs/cli.md), each one API call.
 */
export function registerSessionDeviceCommands(sessions: Command): void {
  const at = (id: string, route: string) => `/sessions/${encodeURIComponent(id)}/${route}`;
  const done = (o: CommonOptions, r: unknown, line: string) => output(o, r, () => console.log(line));
  const number = (value: string, name: string) => {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new UsageError(`${name} must be a number`);
    return n;
  };

  examples(
    sessions
      .command('open-url <session_id> <url>')
      .description('Open a link on the device: an app link (myapp://…) or a web address')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, url: string, o: CommonOptions) => {
          done(o, await loggedInClient().post(at(id, 'open-url'), { url }), `Opened ${url}`);
        }),
      ),
    ['simdeck sessions open-url 5f0c… sample://items/3'],
  );
  examples(
    sessions
      .command('location <session_id> <latitude> <longitude>')
      .description("Set the device's location")
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, lat: string, lon: string, o: CommonOptions) => {
          const body = { latitude: number(lat, 'latitude'), longitude: number(lon, 'longitude') };
          done(o, await loggedInClient().post(at(id, 'location'), body), `Location set to ${lat}, ${lon}`);
        }),
      ),
    ['simdeck sessions location 5f0c… 52.52 13.40'],
  );
  examples(
    sessions
      .command('permission <session_id> <permission> <state>')
      .description('Grant, deny or reset a permission: camera, microphone, location, photos, contacts, notifications')
      .option('--package <package_name>', 'the app (required on Android and iOS devices to grant or deny)')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, permission: string, state: string, o: CommonOptions & { package?: string }) => {
          const body = { permission, state, package_name: o.package };
          done(o, await loggedInClient().post(at(id, 'permissions'), body), `${permission}: ${state}`);
        }),
      ),
    ['simdeck sessions permission 5f0c… location granted --package dev.simdeck.sample'],
  );
  examples(
    sessions
      .command('clipboard <session_id> [text]')
      .description("Read the device's clipboard, or set it to <text>")
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, text: string | undefined, o: CommonOptions) => {
          const api = loggedInClient();
          if (text === undefined) {
            const r = await api.get<{ text: string }>(at(id, 'clipboard'));
            return output(o, r, () => console.log(r.text));
          }
          done(o, await api.post(at(id, 'clipboard'), { text }), 'Clipboard set');
        }),
      ),
    ['simdeck sessions clipboard 5f0c… "hello"', 'simdeck sessions clipboard 5f0c…'],
  );
  examples(
    sessions
      .command('add-media <session_id> <file>')
      .description("Add a photo or video (JPEG, PNG, HEIC, MP4, at most 100 MB) to the device's library")
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, file: string, o: CommonOptions) => {
          const r = await loggedInClient().upload<{ name: string }>(at(id, 'media'), { field: 'file', filePath: file });
          done(o, r, `Added ${r.name}`);
        }),
      ),
    ['simdeck sessions add-media 5f0c… beach.jpg'],
  );
  examples(
    sessions
      .command('appearance <session_id> <mode>')
      .description('Switch the device to light or dark appearance')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, mode: string, o: CommonOptions) => {
          done(o, await loggedInClient().post(at(id, 'appearance'), { mode }), `Appearance: ${mode}`);
        }),
      ),
    ['simdeck sessions appearance 5f0c… dark'],
  );
  examples(
    sessions
      .command('push <session_id> <title> [body]')
      .description('Send the device a notification')
      .option('--data <json>', 'a flat JSON object the app reads (notification.data.<key>)')
      .option('--package <package_name>', 'the app that receives it (required on iOS simulators)')
      .option('--json', 'machine-readable output')
      .action(
        action(
          async (
            id: string,
            title: string,
            body: string | undefined,
            o: CommonOptions & { data?: string; package?: string },
          ) => {
            let data: unknown;
            if (o.data !== undefined) {
              try {
                data = JSON.parse(o.data);
              } catch {
                throw new UsageError('--data must be a JSON object');
              }
            }
            const payload = { title, body: body ?? '', data, package_name: o.package };
            done(o, await loggedInClient().post(at(id, 'push'), payload), `Sent "${title}"`);
          },
        ),
      ),
    ['simdeck sessions push 5f0c… "Order shipped" "On its way" --data \'{"orderId":"A-17"}\''],
  );
  examples(
    sessions
      .command('network <session_id> <mode>')
      .description('Take the device offline or back online')
      .option('--json', 'machine-readable output')
      .action(
        action(async (id: string, mode: string, o: CommonOptions) => {
          done(o, await loggedInClient().post(at(id, 'network'), { mode }), `Network: ${mode}`);
        }),
      ),
    ['simdeck sessions network 5f0c… offline'],
  );
}
