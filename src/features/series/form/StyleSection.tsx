// Step 2 (and the settings' style lock): language, length, voice, art style, music, captions with
// the live preview, and the frame — the same pickers as the video create flow, locked for every
// episode.
import { Button, Chip, Divider, Grid, Group, NumberInput, SegmentedControl, Select, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ASPECT_RATIOS, resolveCaptionStyle, SCRIPT_LANGUAGES } from '../../../../contract';
import { AUTO_MUSIC, builtinMusicTrack } from '../../../../contract/builtin-music';
import { useAuth, usePermissions } from '../../../session';
import { usePlanCatalogue } from '../../../session/plan-catalogue';
import { ArtStylePicker } from '../../../ui/art-styles/ArtStylePicker';
import { CaptionPreview } from '../../../ui/captions/CaptionPreview';
import { CaptionStylePicker, SWITCH_STYLES } from '../../../ui/captions/CaptionStylePicker';
import { BuiltinMusicList } from '../../../ui/music/BuiltinMusicList';
import { VoicePicker } from '../../../ui/voices/VoicePicker';
import { captionStyleLibrary } from '../../transcription/data';
import { tracksNewestFirst, voiceSource } from '../../videos/data';
import type { StyleForm } from './series-form';
import type { SectionProps } from './section-props';

const QUICK_LENGTHS = [15, 30, 45, 60, 90];
const LANGUAGE_OPTIONS = SCRIPT_LANGUAGES.map((language) => ({ value: language, label: language.charAt(0).toUpperCase() + language.slice(1) }));

export function StyleSection({ form, update, errors, disabled }: SectionProps) {
  const { isArtStyleAllowed } = usePermissions();
  const { plans } = usePlanCatalogue();
  const { user } = useAuth();
  const plan = plans?.find((candidate) => candidate.key === user?.plan);
  const max = plan?.video.max_seconds ?? 600;
  const style = form.style;
  const set = (patch: Partial<StyleForm>) => update({ style: { ...style, ...patch } });
  const tracks = useLiveQuery(tracksNewestFirst, []);
  const builtin = style.musicTrackId ? builtinMusicTrack(style.musicTrackId) : undefined;
  const own = tracks?.find((track) => track.id === style.musicTrackId);
  const musicText = !style.musicTrackId ? 'none' : style.musicTrackId === AUTO_MUSIC ? 'Auto (a built-in track that fits each script)' : (builtin?.title ?? own?.title ?? 'a track no longer in your library');
  const speed = style.voice ? style.speed : 1;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Select
          label="Language"
          description="The language of the voice-over and captions."
          data={LANGUAGE_OPTIONS}
          value={style.language}
          allowDeselect={false}
          searchable
          disabled={disabled}
          error={errors.language}
          // A voice of another language reading the script is never what was meant.
          onChange={(value) => set({ language: (value ?? 'english'), voice: null })}
        />
        <NumberInput
          label="Length of each episode in seconds"
          description={plan ? `Your ${plan.name} plan makes videos of up to ${max} seconds.` : undefined}
          min={5}
          max={max}
          clampBehavior="blur"
          allowDecimal={false}
          value={style.duration}
          error={errors.duration}
          disabled={disabled}
          onChange={(value) => set({ duration: typeof value === 'number' ? value : Number(value) || 0 })}
        />
        <Chip.Group value={String(style.duration)} onChange={(value) => set({ duration: Number(value) })}>
          <Group gap="xs" aria-label="Common lengths" role="group">
            {QUICK_LENGTHS.filter((seconds) => seconds <= max).map((seconds) => (
              <Chip key={seconds} value={String(seconds)} disabled={disabled}>
                {seconds} s
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          Voice
        </Title>
        <Group justify="space-between" gap="xs">
          <Text fz="sm">
            Chosen: <strong>{style.voice ? style.voice.name : 'the built-in voice of the language'}</strong>
          </Text>
          {style.voice ? (
            <Button variant="subtle" size="xs" disabled={disabled} onClick={() => set({ voice: null })}>
              Use the default voice
            </Button>
          ) : null}
        </Group>
        {disabled ? null : (
          <VoicePicker
            language={style.language}
            value={style.voice}
            error={errors.voice}
            source={voiceSource}
            onChange={(voice) => set({ voice: { provider: voice.provider, voice_id: voice.voice_id, name: voice.name } })}
          />
        )}
        <Text id="series-voice-speed" fz="sm" fw={500}>
          Speed: {speed.toFixed(2)}×
        </Text>
        <Slider
          disabled={disabled || !style.voice}
          aria-labelledby="series-voice-speed"
          thumbLabel="Voice speed"
          min={0.5}
          max={2}
          step={0.05}
          value={speed}
          label={(value) => `${value.toFixed(2)}×`}
          onChange={(value) => set({ speed: value })}
          mb="sm"
        />
      </Stack>

      <Divider />
      <ArtStylePicker value={style.artStyle} onChange={(artStyle) => set({ artStyle })} error={errors.artStyle} plans={plans} isArtStyleAllowed={(candidate) => !disabled && isArtStyleAllowed(candidate)} />

      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          Music
        </Title>
        <Group justify="space-between" gap="xs">
          <Text fz="sm" role="status">
            Music: <strong>{musicText}</strong>
          </Text>
          <Group gap="xs">
            <Button size="xs" variant={style.musicTrackId === AUTO_MUSIC ? 'filled' : 'light'} leftSection={<IconWand size={14} aria-hidden />} aria-pressed={style.musicTrackId === AUTO_MUSIC} disabled={disabled} onClick={() => set({ musicTrackId: AUTO_MUSIC })}>
              Auto
            </Button>
            {style.musicTrackId ? (
              <Button variant="subtle" size="xs" disabled={disabled} onClick={() => set({ musicTrackId: null })}>
                No music
              </Button>
            ) : null}
          </Group>
        </Group>
        {errors.music ? (
          <Text c="red" fz="sm">
            {errors.music}
          </Text>
        ) : null}
        {tracks && tracks.length > 0 ? (
          <Select
            label="One of your tracks"
            placeholder="Choose a track you uploaded"
            data={tracks.map((track) => ({ value: track.id, label: track.title }))}
            value={own ? own.id : null}
            disabled={disabled}
            onChange={(value) => {
              if (value) set({ musicTrackId: value });
            }}
          />
        ) : null}
        {style.musicTrackId ? (
          <Stack gap={4}>
            <Text id="series-music-volume" fz="sm" fw={500}>
              Music volume: {Math.round(style.musicVolume * 100)}%
            </Text>
            <Slider aria-labelledby="series-music-volume" thumbLabel="Music volume" min={0} max={1} step={0.05} value={style.musicVolume} disabled={disabled} label={(value) => `${Math.round(value * 100)}%`} onChange={(musicVolume) => set({ musicVolume })} />
          </Stack>
        ) : null}
        {disabled ? null : <BuiltinMusicList headingOrder={4} selectedId={style.musicTrackId} onSelect={(track) => set({ musicTrackId: track.id })} />}
      </Stack>

      <Divider />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <CaptionPreview style={resolveCaptionStyle(style.caption)} aspectRatio={style.aspectRatio} speed={speed} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="sm">
            <CaptionStylePicker savedStyles={captionStyleLibrary} value={style.caption} onChange={(caption) => set({ caption })} errors={errors.caption ? { preset: errors.caption } : {}} disabled={disabled} />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="series-aspect-ratio">
                Frame
              </Text>
              <Text fz="xs" c="dimmed">
                9:16 for Shorts, Reels and TikTok; 1:1 square; 16:9 wide.
              </Text>
              <SegmentedControl role="radiogroup" aria-labelledby="series-aspect-ratio" fullWidth data={[...ASPECT_RATIOS]} value={style.aspectRatio} disabled={disabled} onChange={(value) => set({ aspectRatio: value })} />
            </Stack>
            <Switch styles={SWITCH_STYLES} label="Reelflow watermark" description="A small mark in the corner of each episode." checked={style.watermark} disabled={disabled} onChange={(event) => set({ watermark: event.currentTarget.checked })} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
