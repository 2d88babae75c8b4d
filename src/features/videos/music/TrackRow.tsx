// One track of the music library: title (renamed inline: Enter saves, Escape cancels), length and
// size, sync badge with Retry/Discard of a refused change, a preview (one at a time), delete, and — in the
// create flow — "Use this track".
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api';
import { MUSIC_TITLE_MAX, renameTrackLocally } from '../data';
import type { LocalMusicTrack } from '../../../store';
import { discardChange, retryChange } from '../../../sync';
import { formatBytes, formatSeconds } from '../format';
import { PreviewButton } from '../../../ui/music/PreviewButton';

export interface TrackRowProps {
  track: LocalMusicTrack;
  selected: boolean;
  onSelect?: () => void;
  onDelete: () => Promise<void>;
}

export function TrackRow({ track, selected, onSelect, onDelete }: TrackRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(track.title);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    try {
      await renameTrackLocally(track.id, draft);
      setEditing(false);
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error, 'The track could not be renamed.'));
    }
  };

  const act = async (action: () => Promise<void>, title: string) => {
    try {
      await action();
    } catch (error) {
      notifications.show({ color: 'red', title, message: errorMessage(error, 'Something went wrong on this device.') });
    }
  };

  return (
    <Card component="li" withBorder padding="sm" aria-label={track.title} style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="xs">
        {editing ? (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label="Track title"
              value={draft}
              maxLength={MUSIC_TITLE_MAX}
              error={failure}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save();
                if (event.key === 'Escape') setEditing(false);
              }}
              data-autofocus
              autoFocus
              style={{ flex: 1 }}
            />
            <ActionIcon size={44} variant="light" aria-label="Save title" onClick={() => void save()} mt={24}>
              <IconCheck size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon size={44} variant="default" aria-label="Cancel renaming" onClick={() => setEditing(false)} mt={24}>
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {track.title}
            </Text>
            {track.syncStatus === 'pending' ? (
              <Badge color="yellow" variant="light">
                Pending
              </Badge>
            ) : track.syncStatus === 'failed' ? (
              <Badge color="red" variant="light">
                Not sent
              </Badge>
            ) : null}
          </Group>
        )}
        <Text fz="sm" c="dimmed">
          {[formatSeconds(track.duration), formatBytes(track.size_bytes)].filter(Boolean).join(' · ')}
        </Text>
        {track.syncStatus === 'failed' && track.failedOutboxId ? (
          <Group gap="xs">
            <Text fz="sm" c="red" role="note">
              {track.syncError}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void act(() => retryChange(track.failedOutboxId!), 'Not retried')}>
              Retry
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void act(() => discardChange(track.failedOutboxId!), 'Not discarded')}>
              Discard
            </Button>
          </Group>
        ) : null}
        <Group gap="xs">
          {track.audio_src ? <PreviewButton trackId={track.id} title={track.title} src={track.audio_src} /> : null}
          {onSelect ? (
            <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={onSelect} aria-pressed={selected}>
              {selected ? 'Selected' : 'Use this track'}
            </Button>
          ) : null}
          {!editing ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => {
                setDraft(track.title);
                setFailure(null);
                setEditing(true);
              }}
              aria-label={`Rename ${track.title}`}
            >
              Rename
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void act(onDelete, 'Not deleted')} aria-label={`Delete ${track.title}`}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
