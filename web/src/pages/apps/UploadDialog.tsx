import { Button, FileInput, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { upload } from '../../api/client';
import type { Answer } from '../../api/types';
import { ErrorAlert, notify } from '../../components/feedback';

type Uploaded = Answer<'/api/v1/apps/upload', 'post'>;

/**
 * Uploads a package with a progress bar: a new app (`appId` unset; name, package and platform are
 * read from the file) or a new build of an app.
 */
export function UploadDialog({
  opened,
  onClose,
  appId,
  onUploaded,
}: {
  opened: boolean;
  onClose: () => void;
  appId?: string;
  onUploaded?: (r: Uploaded) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    if (!file) return;
    const form = new FormData();
    if (note) form.append('note', note);
    form.append('file', file);
    setError(null);
    setProgress(0);
    try {
      const path = appId ? `/api/v1/apps/${encodeURIComponent(appId)}/builds` : '/api/v1/apps/upload';
      const r = await upload<Uploaded>(path, form, setProgress);
      notify.ok(appId ? `Build ${r.version} uploaded.` : `${r.name} ${r.version ?? ''} uploaded.`);
      for (const w of r.warnings ?? []) notify.error(new Error(w), 'Uploaded with a warning');
      await queryClient.invalidateQueries({ queryKey: ['apps'] });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      setFile(null);
      setNote('');
      onUploaded?.(r);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={appId ? 'Upload a build' : 'Upload an app'}>
      <Stack>
        <Text size="sm" c="dimmed">
          Android .apk or .apks, or an iOS simulator .app as .zip or .tar.gz, up to 500 MB. Name, package and version
          are read from the file.
        </Text>
        <ErrorAlert error={error} title="Upload failed" />
        <FileInput
          label="Package file"
          placeholder="Choose a file"
          accept=".apk,.apks,.zip,.tar.gz,.tgz"
          value={file}
          onChange={setFile}
          clearable
        />
        <TextInput
          label="Note"
          description="Optional, up to 500 characters"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {progress !== null ? <Progress value={progress * 100} aria-label="Upload progress" animated /> : null}
        <Button onClick={submit} disabled={!file} loading={progress !== null}>
          Upload
        </Button>
      </Stack>
    </Modal>
  );
}
