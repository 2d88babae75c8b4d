// The tracks that ship with Reelflow, beside the creator's own uploads: filtered by mood, each
// with a preview and — in the create flow — "Use this track". The catalogue is part of the app's
// code (contract/builtin-music.ts), so the list shows offline; previews need a connection. Shown
// beside MusicLibrary, whose live region announces the previews of both lists.
import { Badge, Button, Card, Chip, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { BUILTIN_MUSIC, builtinMusicDuration, builtinMusicPreviewPath, MUSIC_MOOD_LABELS, MUSIC_MOODS, type BuiltinMusicTrack, type MusicMood } from '../../../contract/builtin-music';
import { API_BASE } from '../../api';
import { formatSeconds, plural } from '../format-count';
import { PreviewButton } from './PreviewButton';
import { useStopPreviewOnLeave } from './preview-player';

export interface BuiltinMusicListProps {
  onSelect?: (track: BuiltinMusicTrack) => void;
  selectedId?: string | null;
  headingOrder?: 2 | 3 | 4;
}

type MoodFilter = MusicMood | 'all';

export function BuiltinMusicList({ onSelect, selectedId = null, headingOrder = 2 }: BuiltinMusicListProps) {
  const headingId = useId();
  const [mood, setMood] = useState<MoodFilter>('all');
  useStopPreviewOnLeave();
  const tracks = mood === 'all' ? BUILTIN_MUSIC : BUILTIN_MUSIC.filter((track) => track.mood === mood);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz="lg" id={headingId}>
        Built-in music
      </Title>
      <Text fz="sm" c="dimmed">
        Composed by Reelflow, free to use in your videos. Each track loops to your video’s length.
      </Text>
      <Chip.Group multiple={false} value={mood} onChange={(value) => setMood(value)}>
        <Group gap={6} role="group" aria-label="Mood">
          <Chip value="all" size="sm">
            All moods
          </Chip>
          {MUSIC_MOODS.map((entry) => (
            <Chip key={entry} value={entry} size="sm">
              {MUSIC_MOOD_LABELS[entry]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text fz="sm" c="dimmed">
        {plural(tracks.length, 'track', 'tracks')}
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Built-in tracks">
        {tracks.map((track) => {
          const selected = selectedId === track.id;
          return (
            <Card key={track.id} component="li" withBorder padding="sm" aria-label={track.title} style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2}>
                  <Group gap={6}>
                    <Text fw={600}>{track.title}</Text>
                    <Badge variant="light" size="sm">
                      Built-in
                    </Badge>
                  </Group>
                  <Text fz="sm" c="dimmed">
                    {[MUSIC_MOOD_LABELS[track.mood], `${track.bpm} BPM`, formatSeconds(builtinMusicDuration(track))].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <PreviewButton trackId={track.id} title={track.title} src={`${API_BASE}${builtinMusicPreviewPath(track.id)}`} />
                  {onSelect ? (
                    // The name starts with the words shown (a speech user says what they see), then the track.
                    <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={() => onSelect(track)} aria-pressed={selected}>
                      {selected ? 'Selected' : 'Use this track'}
                      <VisuallyHidden>: {track.title}</VisuallyHidden>
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
