// Step (e): background music from the creator's library (or none), and how loud it sits under the
// voice. The library is the same component as in My videos (upload, play, rename, delete), with a
// "use this track" choice.
import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { trackById } from '../data';
import { MusicLibrary } from '../music/MusicLibrary';
import type { StepProps } from './step-props';

export function MusicStep({ state, update, errors }: StepProps) {
  const chosen = useLiveQuery(() => trackById(state.musicTrackId), [state.musicTrackId]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fz="sm" role="status">
          Music: <strong>{state.musicTrackId ? (chosen?.title ?? 'a track no longer in your library') : 'none'}</strong>
        </Text>
        {state.musicTrackId ? (
          <Button variant="subtle" size="xs" onClick={() => update({ musicTrackId: null })}>
            No music
          </Button>
        ) : null}
      </Group>
      {errors.music ? (
        <Text c="red" fz="sm">
          {errors.music}
        </Text>
      ) : null}
      {state.musicTrackId ? (
        <Stack gap={4}>
          <Text id="music-volume-label" fz="sm" fw={500}>
            Music volume: {Math.round(state.musicVolume * 100)}%
          </Text>
          <Slider
            aria-labelledby="music-volume-label"
            thumbLabel="Music volume"
            min={0}
            max={1}
            step={0.05}
            value={state.musicVolume}
            label={(value) => `${Math.round(value * 100)}%`}
            onChange={(musicVolume) => update({ musicVolume })}
          />
          <Text fz="xs" c="dimmed">
            The music is lowered automatically while the voice speaks.
          </Text>
        </Stack>
      ) : null}
      <MusicLibrary headingOrder={3} selectedId={state.musicTrackId} onSelect={(track) => update({ musicTrackId: track.id })} />
    </Stack>
  );
}
