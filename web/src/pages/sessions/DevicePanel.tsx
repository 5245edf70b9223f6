import {
  Button,
  FileInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { api, ok, upload } from '../../api/client';
import type { RecordedAction, Session } from '../../api/types';
import { notify } from '../../components/feedback';

type Capability = NonNullable<Session['capabilities']>[number];

/**
 * What a test needs from the device besides input: a link, the location, permissions, the
 * clipboard, a photo, appearance, a notification and the network. Only what the device supports
 * (the session's `capabilities`) is offered.
 */
export function DevicePanel({
  session,
  onRecorded,
}: {
  session: Session;
  /** While a test is being recorded, what the tab did becomes a recorded action. */
  onRecorded?: (a: Omit<RecordedAction, 't_ms'>) => void;
}) {
  const has = (c: Capability) => session.capabilities?.includes(c) ?? false;
  const path = { params: { path: { session_id: session.session_id } } };
  const run = async (
    what: string,
    call: () => Promise<unknown>,
    done: string,
    recorded?: Omit<RecordedAction, 't_ms'>,
  ) => {
    try {
      await call();
      if (recorded) onRecorded?.(recorded);
      notify.ok(done);
    } catch (err) {
      notify.error(err, `Could not ${what}`);
    }
  };
  if (!session.capabilities?.length)
    return <Text c="dimmed">This device offers no device capabilities (links, location, permissions, …).</Text>;
  return (
    <Stack gap="lg">
      {has('open_url') ? <OpenLink run={run} path={path} /> : null}
      {has('location') ? <Location run={run} path={path} /> : null}
      {has('appearance') || has('network') ? (
        <Stack gap="xs">
          <Title order={4}>Appearance and network</Title>
          {has('appearance') ? (
            <SegmentedControl
              aria-label="Appearance"
              data={['light', 'dark']}
              defaultValue="light"
              onChange={(mode) =>
                void run(
                  'change the appearance',
                  () =>
                    ok(
                      api.POST('/api/v1/sessions/{session_id}/appearance', { ...path, body: { mode: mode as 'dark' } }),
                    ),
                  `The device is in ${mode} mode.`,
                  { type: 'set_appearance', mode: mode as 'dark' },
                )
              }
            />
          ) : null}
          {has('network') ? (
            <SegmentedControl
              aria-label="Network"
              data={['online', 'offline']}
              defaultValue="online"
              onChange={(mode) =>
                void run(
                  'change the network',
                  () =>
                    ok(
                      api.POST('/api/v1/sessions/{session_id}/network', { ...path, body: { mode: mode as 'online' } }),
                    ),
                  `The device is ${mode}.`,
                  { type: 'set_network', mode: mode as 'online' },
                )
              }
            />
          ) : null}
        </Stack>
      ) : null}
      {has('permissions') ? <Permission run={run} path={path} /> : null}
      {has('clipboard') ? <Clipboard run={run} path={path} /> : null}
      {has('push') ? <Push run={run} path={path} /> : null}
      {has('media') ? <Media run={run} session={session} /> : null}
    </Stack>
  );
}

type Run = (
  what: string,
  call: () => Promise<unknown>,
  done: string,
  recorded?: Omit<RecordedAction, 't_ms'>,
) => Promise<void>;
type Path = { params: { path: { session_id: string } } };

function OpenLink({ run, path }: { run: Run; path: Path }) {
  const [url, setUrl] = useState('');
  return (
    <Stack gap="xs">
      <Title order={4}>Open a link</Title>
      <Group align="end">
        <TextInput
          label="Link"
          placeholder="myapp://items/3 or https://…"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          disabled={!url}
          onClick={() =>
            void run(
              'open the link',
              () => ok(api.POST('/api/v1/sessions/{session_id}/open-url', { ...path, body: { url } })),
              `Opened ${url}`,
              { type: 'open_url', url },
            )
          }
        >
          Open link
        </Button>
      </Group>
    </Stack>
  );
}

function Location({ run, path }: { run: Run; path: Path }) {
  const [latitude, setLatitude] = useState<number | string>(52.52);
  const [longitude, setLongitude] = useState<number | string>(13.405);
  return (
    <Stack gap="xs">
      <Title order={4}>Location</Title>
      <Group align="end">
        <NumberInput
          label="Latitude"
          min={-90}
          max={90}
          decimalScale={6}
          value={latitude}
          onChange={setLatitude}
          w={130}
        />
        <NumberInput
          label="Longitude"
          min={-180}
          max={180}
          decimalScale={6}
          value={longitude}
          onChange={setLongitude}
          w={130}
        />
        <Button
          onClick={() =>
            void run(
              'set the location',
              () =>
                ok(
                  api.POST('/api/v1/sessions/{session_id}/location', {
                    ...path,
                    body: { latitude: Number(latitude), longitude: Number(longitude) },
                  }),
                ),
              `Location set to ${latitude}, ${longitude}`,
              { type: 'set_location', latitude: Number(latitude), longitude: Number(longitude) },
            )
          }
        >
          Set location
        </Button>
      </Group>
    </Stack>
  );
}

const PERMISSIONS = ['camera', 'microphone', 'location', 'photos', 'contacts', 'notifications'] as const;

function Permission({ run, path }: { run: Run; path: Path }) {
  const [permission, setPermission] = useState<string | null>('location');
  const [state, setState] = useState('granted');
  const [pkg, setPkg] = useState('');
  return (
    <Stack gap="xs">
      <Title order={4}>Permissions</Title>
      <Group align="end">
        <Select label="Permission" data={[...PERMISSIONS]} value={permission} onChange={setPermission} w={150} />
        <SegmentedControl
          aria-label="Permission state"
          data={['granted', 'denied', 'reset']}
          value={state}
          onChange={setState}
        />
      </Group>
      <Group align="end">
        <TextInput
          label="App"
          placeholder="package name or bundle id"
          value={pkg}
          onChange={(e) => setPkg(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          disabled={!permission}
          onClick={() =>
            void run(
              'change the permission',
              () =>
                ok(
                  api.POST('/api/v1/sessions/{session_id}/permissions', {
                    ...path,
                    body: {
                      permission: permission as (typeof PERMISSIONS)[number],
                      state: state as 'granted',
                      package_name: pkg || undefined,
                    },
                  }),
                ),
              `${permission}: ${state}`,
              {
                type: 'set_permission',
                permission: permission as (typeof PERMISSIONS)[number],
                state: state as 'granted',
              },
            )
          }
        >
          Apply
        </Button>
      </Group>
    </Stack>
  );
}

function Clipboard({ run, path }: { run: Run; path: Path }) {
  const [text, setText] = useState('');
  const read = async () => {
    try {
      const r = await ok(api.GET('/api/v1/sessions/{session_id}/clipboard', path));
      setText(r.text);
    } catch (err) {
      notify.error(err, 'Could not read the clipboard');
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Clipboard</Title>
      <Textarea
        label="Clipboard text"
        autosize
        minRows={1}
        maxRows={4}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group>
        <Button
          onClick={() =>
            void run(
              'set the clipboard',
              () => ok(api.POST('/api/v1/sessions/{session_id}/clipboard', { ...path, body: { text } })),
              'Clipboard set',
              { type: 'set_clipboard', text },
            )
          }
        >
          Copy to device
        </Button>
        <Button variant="default" onClick={() => void read()}>
          Read from device
        </Button>
      </Group>
    </Stack>
  );
}

function Push({ run, path }: { run: Run; path: Path }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs">
      <Title order={4}>Notification</Title>
      <TextInput label="Notification title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <TextInput label="Notification body" value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      <Button
        disabled={!title}
        onClick={() =>
          void run(
            'send the notification',
            () => ok(api.POST('/api/v1/sessions/{session_id}/push', { ...path, body: { title, body } })),
            `Sent "${title}"`,
          )
        }
      >
        Send notification
      </Button>
    </Stack>
  );
}

function Media({ run, session }: { run: Run; session: Session }) {
  const [file, setFile] = useState<File | null>(null);
  const add = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    void run(
      'add the file',
      () => upload(`/api/v1/sessions/${encodeURIComponent(session.session_id)}/media`, form, () => {}),
      `${file.name} is in the device's photos.`,
    ).then(() => setFile(null));
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Photos</Title>
      <FileInput
        label="Photo or video"
        description="JPEG, PNG, HEIC or MP4, at most 100 MB"
        placeholder="Choose a file"
        accept=".jpg,.jpeg,.png,.heic,.mp4"
        value={file}
        onChange={setFile}
        clearable
      />
      <Button onClick={add} disabled={!file}>
        Add to photos
      </Button>
    </Stack>
  );
}
