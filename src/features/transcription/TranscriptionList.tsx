// The creator's transcriptions, from the local store (offline too): status and live progress (the
// sync runtime polls while one is transcribing or rendering), whether a change waits to be sent,
// rough drafts, the captioned video's state, and "Open" for the transcript and captions.
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { TRANSCRIPTION_STAGE_LABELS } from '../../../contract/transcriptions';
import type { LocalTranscription } from '../../store/db';
import { transcriptionsNewestFirst } from './data/queries';
import { ListLoading } from '../../ui/ListStates';

const STATUS: Record<LocalTranscription['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  processing: { label: 'Transcribing', color: 'violet' },
  completed: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const RENDER: Partial<Record<LocalTranscription['render_status'], string>> = {
  queued: 'Captioned video queued',
  rendering: 'Rendering captioned video',
  completed: 'Captioned video ready',
  failed: 'Captioned video failed',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Item({ row, onOpen }: { row: LocalTranscription; onOpen: (id: string) => void }) {
  const status = STATUS[row.status];
  const active = row.status === 'queued' || row.status === 'processing';
  const rendering = row.render_status === 'queued' || row.render_status === 'rendering';
  const stage = row.stage ? TRANSCRIPTION_STAGE_LABELS[row.stage] : null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="transcription-row" data-id={row.id} data-status={row.status} data-render={row.render_status} data-sync={row.syncStatus}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
          <Group gap={6}>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
            {row.rough_draft ? (
              <Badge color="orange" variant="light">
                Rough draft
              </Badge>
            ) : null}
            {row.syncStatus === 'pending' ? (
              <Badge color="gray" variant="outline">
                Waiting to be sent
              </Badge>
            ) : null}
            {row.syncStatus === 'failed' ? (
              <Badge color="red" variant="outline">
                Not sent
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {when(row.created_at)}
          {row.duration ? ` · ${Math.round(row.duration)} s` : ''}
          {row.language ? ` · ${row.language.toUpperCase()}` : ''}
        </Text>
        {active ? (
          <>
            <Progress value={row.progress} aria-label={`Transcription of ${row.title} progress`} size="md" animated />
            <Text fz="sm" aria-live="polite">
              {stage ?? (row.syncStatus === 'pending' ? 'Waiting to be sent' : 'Waiting for its turn')}
              {row.status === 'processing' ? ` · ${row.progress}%` : ''}
            </Text>
          </>
        ) : null}
        {row.status === 'failed' && row.error ? (
          <Text fz="sm" c="red">
            {row.error}
          </Text>
        ) : null}
        {row.syncStatus === 'failed' && row.syncError ? (
          <Text fz="sm" c="red">
            {row.syncError}
          </Text>
        ) : null}
        {RENDER[row.render_status] ? (
          <Text fz="sm" aria-live="polite">
            {RENDER[row.render_status]}
            {rendering ? ` · ${row.render_progress}%` : ''}
          </Text>
        ) : null}
        {rendering ? <Progress value={row.render_progress} aria-label={`Captioned video of ${row.title} progress`} size="sm" /> : null}
        <Group>
          <Button variant="light" mih={44} onClick={() => onOpen(row.id)} aria-label={`Open ${row.title}`}>
            Open
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function TranscriptionList({ onOpen }: { onOpen: (id: string) => void }) {
  const rows = useLiveQuery(transcriptionsNewestFirst, []);
  if (!rows) return <ListLoading label="Loading your transcriptions" />;
  if (rows.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="transcriptions-empty">
        No transcriptions yet. Add a video above: its transcript, word timings and caption files appear here.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Item key={row.id} row={row} onOpen={onOpen} />
      ))}
    </Stack>
  );
}
