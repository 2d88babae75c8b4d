// The music library: upload, list, play, rename inline, delete with Undo — from the local
// store, so the list (and renames and deletes, through the outbox) work offline. Self-contained:
// the create flow can show it with `onSelect` to pick the track of a video.
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMusic } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId } from 'react';
import { errorMessage } from '../../../api';
import { UNDO_WINDOW_MS } from '../../../store/undo-delete';
import { deleteTrackLocally, refreshMusic, tracksNewestFirst, undoDeleteTrack, type DeletedTrack } from '../data';
import type { LocalMusicTrack } from '../../../store';
import { plural } from '../../../ui/format-count';
import { MusicUpload } from './MusicUpload';
import { TrackRow } from './TrackRow';
import { PreviewAnnouncer } from '../../../ui/music/PreviewButton';
import { useStopPreviewOnLeave } from '../../../ui/music/preview-player';
import { ListLoading } from '../../../ui/ListStates';
import { showUndoableDelete } from '../../../ui/undo-toast';

export interface MusicLibraryProps {
  /** Show a "Use this track" button on each track (e.g. in the create flow). */
  onSelect?: (track: LocalMusicTrack) => void;
  /** The track picked now (shown as selected). */
  selectedId?: string | null;
  /** The heading level of "Music library" (default 2). */
  headingOrder?: 2 | 3 | 4;
}

export function MusicLibrary({ onSelect, selectedId = null, headingOrder = 2 }: MusicLibraryProps) {
  const tracks = useLiveQuery(tracksNewestFirst, []);
  const headingId = useId();
  useStopPreviewOnLeave();

  useEffect(() => {
    refreshMusic().catch(() => undefined);
  }, []);

  const undo = async (deleted: DeletedTrack, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      if (await undoDeleteTrack(deleted)) notifications.show({ color: 'teal', title: 'Track restored', message: `“${deleted.previous?.title ?? 'Your track'}” is back.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Track not restored', message: errorMessage(error, 'The track could not be restored.') });
    }
  };

  const remove = async (track: LocalMusicTrack) => {
    const deleted = await deleteTrackLocally(track.id);
    const id = `track-deleted-${track.id}`;
    showUndoableDelete({ id, title: 'Track deleted', name: track.title, autoClose: UNDO_WINDOW_MS, onUndo: () => void undo(deleted, id) });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz="lg" id={headingId}>
        Music library
      </Title>
      <PreviewAnnouncer />
      <MusicUpload onUploaded={(track) => notifications.show({ color: 'teal', title: 'Track uploaded', message: `“${track.title}” is in your library.` })} />
      {!tracks ? (
        <ListLoading label="Loading music..." live={false} />
      ) : tracks.length === 0 ? (
        <Stack align="center" gap={4} py="lg" ta="center">
          <IconMusic size={32} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={500}>No music yet</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            Upload a track to play it under your videos’ voice-over. It is mixed quieter than the voice and fades out at the end.
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed" role="status">
            {plural(tracks.length, 'track', 'tracks')}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Tracks">
            {tracks.map((track) => (
              <TrackRow key={track.id} track={track} selected={selectedId === track.id} onSelect={onSelect ? () => onSelect(track) : undefined} onDelete={() => remove(track)} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
