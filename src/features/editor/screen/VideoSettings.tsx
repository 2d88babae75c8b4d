// Whole-video settings: the voice (every scene is re-voiced at the next render), the music and its
// volume, the caption style, and the aspect ratio. A lazy chunk: the pickers are the heaviest part
// of the editor and most edits never open them.
import { Button, Group, SegmentedControl, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ASPECT_RATIOS, type Timeline } from '../../../../contract';
import { CaptionStylePicker } from '../../../ui/captions/CaptionStylePicker';
import { BuiltinMusicList } from '../../../ui/music/BuiltinMusicList';
import { VoicePicker } from '../../../ui/voices/VoicePicker';
import { captionStyleLibrary } from '../../transcription/data';
import { voiceSource } from '../../videos/data';
import { setAspectRatio, setCaptionSettings, setMusic, setMusicVolume, setVoice } from '../data';
import type { ApplyEdit } from './editor-actions';

export function VideoSettings({ timeline, apply }: { timeline: Timeline; apply: ApplyEdit }) {
  const [choosingMusic, setChoosingMusic] = useState(false);
  const music = timeline.music;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Voice
        </Title>
        <Text fz="xs" c="dimmed">
          A new voice re-records every scene at the next render.
        </Text>
        <VoicePicker
          value={timeline.voice}
          language={timeline.language}
          source={voiceSource}
          onChange={(voice) => void apply((current) => setVoice(current, { provider: voice.provider, voice_id: voice.voice_id, speed: current.voice?.speed ?? 1 }))}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Music
        </Title>
        <Group justify="space-between">
          <Text fz="sm">{music ? (music.title ?? 'A music track') : 'No music'}</Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={() => setChoosingMusic(!choosingMusic)} aria-expanded={choosingMusic}>
              {music ? 'Change music' : 'Add music'}
            </Button>
            {music && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => void apply((current) => setMusic(current, null))}>
                No music
              </Button>
            )}
          </Group>
        </Group>
        {music && (
          <>
            <Text fz="sm">Music volume: {Math.round(music.volume * 100)} %</Text>
            <Slider thumbLabel="Music volume" min={0} max={1} step={0.01} value={music.volume} label={(value) => `${Math.round(value * 100)} %`} thumbSize={22} onChange={(volume) => void apply((current) => setMusicVolume(current, volume), { coalesce: 'music-volume' })} />
            <Switch
              label="Dip the music under the voice"
              checked={music.ducking}
              onChange={(event) => {
                const ducking = event.currentTarget.checked;
                void apply((current) => (current.music ? setMusic(current, { ...current.music, ducking }) : current));
              }}
            />
          </>
        )}
        {choosingMusic && (
          <BuiltinMusicList
            headingOrder={4}
            selectedId={music?.track_id ?? null}
            onSelect={(track) => {
              setChoosingMusic(false);
              void apply((current) => setMusic(current, { track_id: track.id, title: track.title, volume: current.music?.volume ?? 0.25, ducking: current.music?.ducking ?? true, fade_in: current.music?.fade_in ?? 1, fade_out: current.music?.fade_out ?? 2 }));
            }}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Captions
        </Title>
        <CaptionStylePicker savedStyles={captionStyleLibrary} value={timeline.captions} onChange={(settings) => void apply((current) => setCaptionSettings(current, settings), { coalesce: 'captions' })} />
      </Stack>
      <Stack gap="xs">
        <Text fz="sm" fw={600} id="editor-aspect-label" component="h3" m={0}>
          Aspect ratio
        </Text>
        <SegmentedControl aria-labelledby="editor-aspect-label" value={timeline.aspect_ratio} data={[...ASPECT_RATIOS]} onChange={(ratio) => void apply((current) => setAspectRatio(current, ratio))} />
      </Stack>
    </Stack>
  );
}
