// The uploads waiting on this device (the `uploads` table): each with what is sent (sizes before
// and after), a progress bar, and pause / resume / try again / remove. The uploader follows the
// table, so these buttons only write rows; the upload itself carries on in the background.
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { getStoredToken } from '../../api/token';
import { pauseUpload, removeUpload, resumeUpload } from './data/transcription-uploads';
import { formatSize } from '../../media/upload-limit';
import type { UploadRow } from '../../store/db';
import { uploadsOf } from './data/queries';
import { useOnline } from '../../ui/useOnline';

const SENDS: Record<UploadRow['sends'], string> = {
  audio: 'Speech audio',
  compressed: 'Compressed video',
  original: 'Original video',
};

function statusText(row: UploadRow, online: boolean): string {
  const done = `${formatSize(row.uploadedBytes)} of ${formatSize(row.size)}`;
  switch (row.status) {
    case 'paused':
      return `Paused at ${done}`;
    case 'failed':
      return 'Stopped';
    case 'uploading':
      return online ? `Uploading: ${done}` : `Waiting for the network: ${done} sent`;
    case 'waiting':
      return online ? (row.uploadedBytes > 0 ? `Resuming: ${done}` : 'Starting…') : `Waiting for the network: ${done} sent`;
  }
}

async function remove(row: UploadRow): Promise<void> {
  const { terminateUpload } = await import('../../media/upload-runner');
  await removeUpload(row.id, (url) => terminateUpload(url, getStoredToken()));
}

function UploadItem({ row, online }: { row: UploadRow; online: boolean }) {
  const percent = row.size > 0 ? Math.round((row.uploadedBytes / row.size) * 100) : 0;
  const label = `Upload of ${row.fileName}`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="upload-row" data-status={row.status} data-sends={row.sends} data-uploaded={row.uploadedBytes} data-size={row.size}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.fileName}
          </Text>
          <Badge variant="light" color={row.status === 'failed' ? 'red' : row.status === 'paused' ? 'gray' : 'violet'}>
            {row.status === 'failed' ? 'Upload stopped' : row.status === 'paused' ? 'Paused' : 'Uploading'}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {SENDS[row.sends]}: {formatSize(row.originalSize)} → {formatSize(row.size)}
        </Text>
        <Progress value={percent} aria-label={`${label} progress`} size="lg" animated={row.status === 'uploading' && online} />
        <Text fz="sm" aria-live="polite">
          {statusText(row, online)}
        </Text>
        {row.status === 'failed' && row.error ? (
          <Alert color="red" p="xs">
            {row.error}
          </Alert>
        ) : null}
        <Group gap="xs">
          {row.status === 'paused' || row.status === 'failed' ? (
            <Button size="sm" mih={44} onClick={() => void resumeUpload(row.id)} aria-label={`${row.status === 'failed' ? 'Try again' : 'Resume'}: ${row.fileName}`}>
              {row.status === 'failed' ? 'Try again' : 'Resume'}
            </Button>
          ) : (
            <Button size="sm" mih={44} variant="default" onClick={() => void pauseUpload(row.id)} aria-label={`Pause: ${row.fileName}`}>
              Pause
            </Button>
          )}
          <Button size="sm" mih={44} variant="subtle" color="red" onClick={() => void remove(row)} aria-label={`Remove: ${row.fileName}`}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function UploadList({ userId }: { userId: string }) {
  const rows = useLiveQuery(() => uploadsOf(userId), [userId]);
  const online = useOnline();
  if (!rows || rows.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Uploads on this device">
      <Text fw={600}>Uploads on this device</Text>
      {!online ? (
        <Text fz="sm" c="dimmed">
          You are offline. The uploads continue from where they stopped when the connection is back.
        </Text>
      ) : null}
      {rows.map((row) => (
        <UploadItem key={row.id} row={row} online={online} />
      ))}
    </Stack>
  );
}
