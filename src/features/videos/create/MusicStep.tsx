// Step (e): background music — "Auto" (the server picks a built-in track whose mood fits the
// script), a built-in track, one from the creator's library, or none — and how loud it sits under
// the voice. Both lists preview a track (one at a time; leaving the step stops it).
import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { AUTO_MUSIC, builtinMusicTrack } from '../../../../contract/builtin-music';
import { trackById } from '../data';
import { BuiltinMusicList } from '../../../ui/music/BuiltinMusicList';
import { MusicLibrary } from '../music/MusicLibrary';
import type { StepProps } from './step-props';

function useChosenTitle(trackId: string | null): string {
  const uploaded = useLiveQuery(() => (trackId && trackId !== AUTO_MUSIC && !builtinMusicTrack(trackId) ? trackById(trackId) : undefined), [trackId]);
  if (!trackId) return 'none';
  if (trackId === AUTO_MUSIC) return 'Auto (a built-in track that fits your script)';
  const builtin = builtinMusicTrack(trackId);
  if (builtin) return `${builtin.title} (built-in)`;
  return uploaded?.title ?? 'a track no longer in your library';
}

export function MusicStep({ state, update, errors }: StepProps) {
  const chosen = useChosenTitle(state.musicTrackId);
  const auto = state.musicTrackId === AUTO_MUSIC;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fz="sm" role="status">
          Music: <strong>{chosen}</strong>
        </Text>
        <Group gap="xs">
          <Button size="xs" variant={auto ? 'filled' : 'light'} leftSection={<IconWand size={14} aria-hidden />} aria-pressed={auto} onClick={() => update({ musicTrackId: AUTO_MUSIC })}>
            Auto
          </Button>
          {state.musicTrackId ? (
            <Button variant="subtle" size="xs" onClick={() => update({ musicTrackId: null })}>
              No music
            </Button>
          ) : null}
        </Group>
      </Group>
      {auto ? (
        <Text fz="xs" c="dimmed">
          When the video is made, Reelflow reads the script and picks a calm, upbeat, dramatic, lo-fi, inspiring or mysterious track to match. The video’s details name the track.
        </Text>
      ) : null}
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
      <BuiltinMusicList headingOrder={3} selectedId={state.musicTrackId} onSelect={(track) => update({ musicTrackId: track.id })} />
    </Stack>
  );
}
