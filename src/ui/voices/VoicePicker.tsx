// The voice picker: provider, language and gender filters, search, and a preview
// for every voice. Providers the server has no key for are listed as not configured; the built-in
// voices are labelled as the offline engine they are. A plain list of 44-px rows, phone first.
import { ActionIcon, Alert, Badge, Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { VideoVoice, VoiceInfo, VoiceProviderId } from '../../../contract';
import { usePreviewPlayer } from './usePreviewPlayer';
import { useVoices } from './useVoices';
import type { VoiceSource } from './voice-source';
import {
  filterVoices,
  LANGUAGE_NAMES,
  languageCode,
  previewText,
  PROVIDER_NAMES,
  scriptLanguageOf,
  voiceDetails,
  voiceKey,
  type GenderFilter,
  type VoiceFilters,
} from './voice-filters';
import { ListLoading } from '../ListStates';
import { plural } from '../format-count';

/** Rows drawn at once; "Show more" adds as many (ElevenLabs lists can hold hundreds). */
export const VOICES_PER_PAGE = 40;

export interface VoicePickerProps {
  /** The chosen voice, or null for "the built-in voice of the video's language". */
  value: Pick<VideoVoice, 'provider' | 'voice_id'> | null;
  onChange: (voice: VoiceInfo) => void;
  /** The video's language (a script language name): the language filter starts there. */
  language: string;
  error?: string;
  /** Start the gender filter here (a gallery style asks for e.g. a deep male voice). */
  preferGender?: 'female' | 'male' | 'neutral';
  /** The lists and previews (the videos feature's voices collection); keep it the same object across renders. */
  source: VoiceSource;
}

const GENDER_OPTIONS = [
  { value: 'any', label: 'Any voice' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'neutral', label: 'Neutral' },
];

export function VoicePicker({ value, onChange, language, error, preferGender, source }: VoicePickerProps) {
  const voices = useVoices(source);
  const player = usePreviewPlayer(source);
  const videoCode = languageCode(language);
  const [filters, setFilters] = useState<VoiceFilters>({ provider: 'all', language: videoCode, gender: preferGender ?? 'any', search: '' });
  const [shown, setShown] = useState(VOICES_PER_PAGE);
  // The language filter follows the video's language when that changes (step (b) of the flow).
  const [followed, setFollowed] = useState(videoCode);
  if (followed !== videoCode) {
    setFollowed(videoCode);
    setFilters((current) => ({ ...current, language: videoCode }));
  }

  const rows = useMemo(() => voices.rows ?? [], [voices.rows]);
  const visible = useMemo(() => filterVoices(rows, filters), [rows, filters]);
  const unconfigured = rows.filter((row) => !row.configured);
  const languageOptions = useMemo(() => {
    const codes = new Set(rows.flatMap((row) => row.data.flatMap((voice) => voice.languages)));
    codes.add(videoCode);
    return [{ value: 'any', label: 'Any language' }, ...[...codes].sort().map((code) => ({ value: code, label: LANGUAGE_NAMES[code] ?? code.toUpperCase() }))];
  }, [rows, videoCode]);
  const providerOptions = [
    { value: 'all', label: 'All providers' },
    ...rows.filter((row) => row.configured).map((row) => ({ value: row.provider, label: PROVIDER_NAMES[row.provider] })),
  ];
  const update = (change: Partial<VoiceFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setShown(VOICES_PER_PAGE);
  };
  const selectedKey = value ? voiceKey(value) : '';


  const play = (voice: VoiceInfo) => {
    const sample = previewText(voice, videoCode);
    player.toggle(voiceKey(voice), { provider: voice.provider, voice_id: voice.voice_id, text: sample.text, language: scriptLanguageOf(sample.code) });
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select label="Provider" data={providerOptions} value={filters.provider} allowDeselect={false} onChange={(next) => update({ provider: (next ?? 'all') as VoiceProviderId | 'all' })} />
        <Select label="Language" data={languageOptions} value={filters.language} allowDeselect={false} onChange={(next) => update({ language: next ?? 'any' })} />
        <Select label="Gender" data={GENDER_OPTIONS} value={filters.gender} allowDeselect={false} onChange={(next) => update({ gender: (next ?? 'any') as GenderFilter })} />
        <TextInput
          label="Search voices"
          type="search"
          placeholder="Name, accent, style"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => update({ search: event.currentTarget.value })}
        />
      </SimpleGrid>

      {unconfigured.length > 0 ? (
        <Stack gap={2}>
          {unconfigured.map((row) => (
            <Text key={row.provider} fz="sm" c="dimmed">
              {PROVIDER_NAMES[row.provider]} — not configured on this server
            </Text>
          ))}
        </Stack>
      ) : null}

      {voices.problem ? (
        <Alert color="yellow" title="Voices" role="status">
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{voices.problem}</Text>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={voices.refresh}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {player.error ? (
        <Alert color="red" role="alert" title="Preview not played">
          {player.error}
        </Alert>
      ) : null}

      {voices.rows === undefined ? (
        <ListLoading label="Loading voices..." live={false} />
      ) : (
        <Radio.Group
          label="Voice"
          description={plural(visible.length, 'voice matches', 'voices match')}
          value={selectedKey}
          error={error}
          onChange={(key) => {
            const voice = visible.find((candidate) => voiceKey(candidate) === key);
            if (voice) onChange(voice);
          }}
        >
          {visible.length === 0 ? (
            <Text c="dimmed" py="md">
              {rows.length === 0 ? 'No voices are saved on this device yet. Connect to load them.' : 'No voice matches these filters.'}
            </Text>
          ) : (
            <Stack gap={0} mt="xs" role="list">
              {visible.slice(0, shown).map((voice) => (
                <VoiceRow
                  key={voiceKey(voice)}
                  voice={voice}
                  playing={player.playing === voiceKey(voice)}
                  loading={player.loading === voiceKey(voice)}
                  onPlay={() => play(voice)}
                />
              ))}
            </Stack>
          )}
          {visible.length > shown ? (
            <Button variant="subtle" mt="xs" onClick={() => setShown((count) => count + VOICES_PER_PAGE)}>
              Show {Math.min(VOICES_PER_PAGE, visible.length - shown)} more
            </Button>
          ) : null}
        </Radio.Group>
      )}
    </Stack>
  );
}

function VoiceRow({ voice, playing, loading, onPlay }: { voice: VoiceInfo; playing: boolean; loading: boolean; onPlay: () => void }) {
  const key = voiceKey(voice);
  return (
    <Group role="listitem" wrap="nowrap" gap="sm" mih={52} py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <ActionIcon
        size={44}
        radius="xl"
        variant={playing ? 'filled' : 'light'}
        aria-label={playing ? `Stop preview of ${voice.name}` : `Play preview of ${voice.name}`}
        loading={loading}
        onClick={onPlay}
      >
        {playing ? <IconPlayerStopFilled size={18} aria-hidden /> : <IconPlayerPlayFilled size={18} aria-hidden />}
      </ActionIcon>
      {/* A card, not a bare radio: the whole row (name, badge, details) is the touch target. */}
      <Radio.Card value={key} radius="md" p={6} withBorder={false} style={{ flex: 1, minWidth: 0 }}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Radio.Indicator mt={2} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} fz="sm">
                {voice.name}
              </Text>
              {voice.provider === 'builtin' ? (
                <Badge size="sm" variant="light" color="gray">
                  Offline built-in
                </Badge>
              ) : (
                <Badge size="sm" variant="light">
                  {PROVIDER_NAMES[voice.provider]}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {[voiceDetails(voice), voice.description].filter(Boolean).join(' — ')}
            </Text>
          </Stack>
        </Group>
      </Radio.Card>
    </Group>
  );
}
