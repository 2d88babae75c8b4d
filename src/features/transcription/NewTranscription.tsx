// A new transcription: the creator picks or drops a video; the media worker (ffmpeg.wasm, loaded
// only now) checks it and the upload policy says what will be sent — audio only, the video as it
// is, or the video compressed to fit the server's limit. "Upload and transcribe" prepares that
// file on this device (progress, cancel) and hands it to the resumable uploader through the local
// store, so it goes up when the network allows, survives a reload, and is never sent twice.
import { Alert, Box, Button, FileButton, Group, Image, Paper, Progress, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CAPTION_PRESET_STYLES, CAPTION_PRESETS, type CaptionPreset } from '../../../contract/captions';
import { emitCaughtError } from '../../api';
import { queueTranscriptionUpload } from './data/transcription-uploads';
import { isAbortError, mediaClient, type MediaProgress, type ProbeFacts } from '../../media/media-worker-client';
import { formatDuration, formatSize } from '../../media/upload-limit';
import { decideUpload, prepareTranscriptionUpload, type PreparedUpload, type UploadDecision } from '../../media/upload-policy';
import { FileDropZone } from '../../ui/FileDropZone';

const SWITCH_STYLES = { body: { minHeight: 44, alignItems: 'center' } } as const;

type Work = { kind: 'idle' } | { kind: 'busy'; label: string; progress: MediaProgress | null } | { kind: 'failed'; message: string };

interface Checked {
  file: File;
  facts: ProbeFacts;
  thumbnailUrl: string | null;
}

/** Languages offered first; the engine detects any other (and these) on "Detect". */
const LANGUAGES: [string, string][] = [
  ['auto', 'Detect automatically'],
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['tr', 'Turkish'],
  ['ru', 'Russian'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['zh', 'Chinese'],
];

const PRESET_OPTIONS = CAPTION_PRESETS.filter((preset) => preset !== 'none').map((preset) => ({ value: preset, label: CAPTION_PRESET_STYLES[preset].label }));

function logError(message: string): void {
  emitCaughtError(message, 'Transcription upload');
}

function describeDecision(decision: UploadDecision, limit: number): string {
  switch (decision.kind) {
    case 'refuse':
      return decision.reason;
    case 'audio-only':
      return 'Only the speech audio will be sent (compact mono audio): no captioned video is rendered, so the server needs nothing else.';
    case 'compress':
      return `The video is over the server's limit of ${formatSize(limit)}, so it will be compressed on this device to fit before it is sent.`;
    case 'as-is':
      return decision.reason === 'size-check-skipped'
        ? 'The video will be sent as it is: the size check is skipped.'
        : `The video will be sent as it is: it is within the server's limit of ${formatSize(limit)}.`;
  }
}

/**
 * What the captioned-video switch means in its current position. The choice decides what is
 * uploaded: without it only the speech audio goes up (a fraction of the video's size), and a
 * transcription of audio has no picture to caption, then or later.
 */
function renderChoiceText(renderVideo: boolean, hasPicture: boolean): string {
  if (!hasPicture) return 'This file has no picture, so only its audio is uploaded and no captioned video can be made from it.';
  return renderVideo
    ? 'The video is uploaded, and a captioned copy is made once the transcript is ready. After correcting words you can render it again.'
    : 'Only the audio is uploaded, which is much smaller; you won’t be able to render a captioned video from this transcription later.';
}

function rotationText(rotation: number): string {
  return rotation === 0 ? 'None' : `${rotation}° clockwise`;
}

function Facts({ facts }: { facts: ProbeFacts }) {
  const rows: [string, string][] = [
    ['Duration', facts.durationSeconds > 0 ? formatDuration(facts.durationSeconds) : 'Unknown'],
    ['Size', formatSize(facts.sizeBytes)],
    ['Video', facts.videoCodec ?? 'No video stream'],
    ['Audio', facts.audioCodec ?? 'No audio stream'],
    ['Frame', facts.width && facts.height ? `${facts.width} × ${facts.height}` : 'Unknown'],
    ['Rotation', rotationText(facts.rotation)],
  ];
  return (
    <Box component="dl" m={0} data-testid="probe-facts" data-duration={facts.durationSeconds} data-size={facts.sizeBytes}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text component="dt" fw={600} fz="sm" w={80}>
            {label}
          </Text>
          <Text component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/** What came out of preparing, when it is not an upload (refused, cancelled, still too large). */
function Outcome({ result }: { result: PreparedUpload }) {
  if (result.kind === 'cancelled') return <Text fz="sm">Cancelled. Nothing was sent.</Text>;
  if (result.kind === 'refused') return <Alert color="red" title="This file cannot be sent">{result.message}</Alert>;
  if (result.kind === 'does-not-fit') {
    return (
      <Alert color="orange" title="Still too large">
        Compressed from {formatSize(result.beforeBytes)} to {formatSize(result.afterBytes)}, which is still over the limit of {formatSize(result.maxBytes)}. Trim the
        video, or turn off the captioned video so only the audio is sent.
      </Alert>
    );
  }
  return null;
}

/** How long a thumbnail may take: it is a nicety, never a reason to stop the creator. */
const THUMBNAIL_MS = 30_000;

function abortError(): Error {
  const error = new Error('Cancelled');
  error.name = 'AbortError';
  return error;
}

/**
 * A frame of the video, or null when making one fails or takes too long (ffmpeg.wasm can trap or
 * stall decoding some long-GOP, high-bitrate files: docs/decisions/media-worker.md). The worker is
 * then restarted so the next step gets a fresh engine.
 */
async function thumbnailOrNull(file: Blob, signal: AbortSignal, onProgress: (progress: MediaProgress) => void): Promise<Blob | null> {
  const media = mediaClient();
  const own = new AbortController();
  const stop = () => own.abort();
  signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, THUMBNAIL_MS);
  try {
    return await media.thumbnail(file, 320, { signal: own.signal, onProgress });
  } catch (error) {
    if (signal.aborted) throw error;
    logError(`Thumbnail skipped: ${error instanceof Error ? error.message : String(error)}`);
    media.dispose();
    return null;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

export interface NewTranscriptionProps {
  userId: string;
  /** The server's upload limit in bytes. */
  limit: number;
  /** False when the server has no speech engine (the screen explains why). */
  canTranscribe: boolean;
  onQueued: (fileName: string) => void;
}

export function NewTranscription({ userId, limit, canTranscribe, onQueued }: NewTranscriptionProps) {
  const hintId = useId();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [work, setWork] = useState<Work>({ kind: 'idle' });
  const [renderVideo, setRenderVideo] = useState(false);
  const [skipSizeCheck, setSkipSizeCheck] = useState(false);
  const [preset, setPreset] = useState<CaptionPreset>('bold-pop');
  const [language, setLanguage] = useState('auto');
  const [outcome, setOutcome] = useState<PreparedUpload | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Progress comes back on its own message channel and may arrive after the result: only the
  // running operation's progress counts (else a late event would show "busy" forever).
  const current = useRef<AbortSignal | null>(null);
  const busy = work.kind === 'busy';

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    const url = checked?.thumbnailUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [checked]);

  const begin = (label: string): AbortSignal => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    current.current = next.signal;
    setWork({ kind: 'busy', label, progress: null });
    return next.signal;
  };
  const settle = (next: Work) => {
    current.current = null;
    setWork(next);
  };
  const progressOf = (signal: AbortSignal, label: string) => (progress: MediaProgress) => {
    if (current.current === signal) setWork({ kind: 'busy', label, progress });
  };
  const failure = (error: unknown): Work => (isAbortError(error) ? { kind: 'idle' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });

  function effects() {
    const media = mediaClient();
    return {
      extractSpeechAudio: (file: Blob, progress: (value: MediaProgress) => void, signal: AbortSignal) => media.extractSpeechAudio(file, { signal, onProgress: (value) => progress(value) }),
      compressToFit: async (file: Blob, maxBytes: number, progress: (value: MediaProgress) => void, signal: AbortSignal) =>
        (await media.compressToFit(file, maxBytes, { signal, onProgress: (value) => progress(value) })).file,
      logError,
    };
  }

  const check = async (file: File | null) => {
    setOutcome(null);
    setChecked(null);
    if (!file) return;
    if (file.size === 0) {
      setOutcome(await prepareTranscriptionUpload({ file, renderVideo, skipSizeCheck, serverLimitBytes: limit }, effects(), new AbortController().signal));
      return;
    }
    const signal = begin('Checking the video');
    try {
      const media = mediaClient();
      const facts = await media.probe(file, { signal, onProgress: progressOf(signal, 'Checking the video') });
      let thumbnailUrl: string | null = null;
      if (facts.videoCodec) {
        const still = await thumbnailOrNull(file, signal, progressOf(signal, 'Making a thumbnail'));
        if (signal.aborted) throw abortError();
        thumbnailUrl = still ? URL.createObjectURL(still) : null;
      }
      setChecked({ file, facts, thumbnailUrl });
      settle({ kind: 'idle' });
    } catch (error) {
      settle(failure(error));
    }
  };

  const send = async () => {
    if (!checked) return;
    const kind = decideUpload({ file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit }).kind;
    const label = kind === 'compress' ? 'Compressing the video' : kind === 'audio-only' ? 'Extracting the speech' : 'Preparing the upload';
    const signal = begin(label);
    setOutcome(null);
    try {
      const result = await prepareTranscriptionUpload(
        { file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit },
        { ...effects(), onProgress: (progress) => progressOf(signal, label)({ stage: label, ...progress }) },
        signal,
      );
      if (result.kind !== 'ready') {
        setOutcome(result);
        settle({ kind: 'idle' });
        return;
      }
      await queueTranscriptionUpload({
        userId,
        file: result.file,
        fileName: checked.file.name,
        sends: result.sends,
        originalSize: result.beforeBytes,
        captionSettings: { preset },
        renderVideo,
        skipSizeCheck,
        language: language === 'auto' ? null : language,
      });
      onQueued(checked.file.name);
      setChecked(null);
      settle({ kind: 'idle' });
    } catch (error) {
      settle(failure(error));
    }
  };

  const cancel = () => {
    controller.current?.abort();
    settle({ kind: 'idle' });
  };

  const decision = checked ? decideUpload({ file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit }) : null;

  return (
    <Stack gap="md">
      <FileDropZone onFile={(file) => void check(file)} disabled={busy}>
        <Stack gap="xs" align="center">
          <IconUpload size={28} stroke={1.5} aria-hidden />
          <Text fz="sm">Drop a video here, or</Text>
          <FileButton onChange={(file) => void check(file)} accept="video/*,audio/*" disabled={busy}>
            {(props) => (
              <Button {...props} variant="light" aria-describedby={hintId} mih={44}>
                Choose a video
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed" id={hintId}>
            The video is checked on this device first. The first check downloads the video tools (about 30 MB) once.
          </Text>
        </Stack>
      </FileDropZone>

      {work.kind === 'busy' ? (
        <Stack gap="xs" aria-live="polite">
          <Text fz="sm">{work.progress?.stage ?? work.label}…</Text>
          <Progress
            value={work.progress ? Math.round(work.progress.ratio * 100) : 100}
            animated={!work.progress || work.progress.ratio === 0}
            aria-label={`${work.label} progress`}
            size="lg"
          />
          <Group>
            <Button variant="default" onClick={cancel} mih={44}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
      {work.kind === 'failed' ? (
        <Alert color="red" title="The video could not be processed">
          {work.message}
        </Alert>
      ) : null}

      {checked && decision ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {checked.file.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {checked.thumbnailUrl ? <Image src={checked.thumbnailUrl} alt={`A frame of ${checked.file.name}`} radius="sm" maw={320} /> : null}
              <Facts facts={checked.facts} />
            </SimpleGrid>
            <Select
              label="Spoken language"
              data={LANGUAGES.map(([value, label]) => ({ value, label }))}
              value={language}
              onChange={(value) => setLanguage(value ?? 'auto')}
              allowDeselect={false}
              disabled={busy}
              maw={320}
            />
            {/* Mantine puts the description inside the switch's <label>, which would make it part of
                the name: the name is the label alone, the description is read after the state. */}
            <Switch
              label="Render a captioned video"
              aria-label="Render a captioned video"
              description={renderChoiceText(renderVideo, checked.facts.videoCodec !== null)}
              checked={renderVideo}
              onChange={(event) => setRenderVideo(event.currentTarget.checked)}
              disabled={busy || !checked.facts.videoCodec}
              styles={SWITCH_STYLES}
            />
            {renderVideo ? (
              <>
                <Select
                  label="Caption style"
                  description="Change it, and every word, after the transcript is ready."
                  data={PRESET_OPTIONS}
                  value={preset}
                  onChange={(value) => setPreset((value) ?? 'bold-pop')}
                  allowDeselect={false}
                  disabled={busy}
                  maw={320}
                />
                <Switch
                  label="Skip the size check"
                  aria-label="Skip the size check"
                  description="Send the video as it is, even over the server's limit."
                  checked={skipSizeCheck}
                  onChange={(event) => setSkipSizeCheck(event.currentTarget.checked)}
                  disabled={busy}
                  styles={SWITCH_STYLES}
                />
              </>
            ) : null}
            <Text fz="sm" data-testid="upload-decision" data-kind={decision.kind}>
              {describeDecision(decision, limit)}
            </Text>
            <Group>
              <Button onClick={() => void send()} disabled={busy || !canTranscribe} mih={44}>
                Upload and transcribe
              </Button>
            </Group>
            {!canTranscribe ? (
              <Text fz="sm" c="dimmed">
                This server cannot transcribe yet (see above).
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {outcome ? <Outcome result={outcome} /> : null}
    </Stack>
  );
}
