// Video transcription, first step (issue 11): the creator picks or drops a video, the media worker
// (ffmpeg.wasm, loaded only now) checks it and shows what it is, and the upload policy shows — and
// can prepare — what would be sent: audio only, the video as it is, or the video compressed to fit
// the server's limit. Uploading and transcribing arrive in a later update; this screen says so.
// The ffmpeg code lives in the worker's own files, never in this route's chunk.
import { Alert, Box, Button, Group, Image, List, Paper, Progress, SimpleGrid, Stack, Switch, Text, Title, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { reportCaughtError } from '../../app/error-reporting';
import { isAbortError, mediaClient, type MediaProgress, type ProbeFacts } from '../../media/media-worker-client';
import { formatDuration, formatSize, transcriptionUploadLimitBytes } from '../../media/upload-limit';
import { decideUpload, prepareTranscriptionUpload, type PreparedUpload, type UploadDecision } from '../../media/upload-policy';
import { PageFrame } from '../../ui/PageFrame';

const SWITCH_STYLES = { body: { minHeight: 44, alignItems: 'center' } } as const;

type Work = { kind: 'idle' } | { kind: 'busy'; label: string; progress: MediaProgress | null } | { kind: 'failed'; message: string };

interface Checked {
  file: File;
  facts: ProbeFacts;
  thumbnailUrl: string | null;
}

function logError(message: string): void {
  reportCaughtError(message, 'Transcription upload');
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

function PreparedResult({ result }: { result: PreparedUpload }) {
  if (result.kind === 'cancelled') return <Text fz="sm">Cancelled. Nothing was changed.</Text>;
  if (result.kind === 'refused') return <Alert color="red" title="This file cannot be sent">{result.message}</Alert>;
  if (result.kind === 'does-not-fit') {
    return (
      <Alert color="orange" title="Still too large">
        Compressed from {formatSize(result.beforeBytes)} to {formatSize(result.afterBytes)}, which is still over the limit of {formatSize(result.maxBytes)}.
      </Alert>
    );
  }
  const what = result.sends === 'audio' ? 'Speech audio' : result.sends === 'compressed' ? 'Compressed video' : 'The original video';
  return (
    <Stack gap={4} data-testid="prepared-upload" data-sends={result.sends} data-before={result.beforeBytes} data-after={result.afterBytes}>
      <Text fz="sm" fw={600}>
        {what}: {formatSize(result.beforeBytes)} → {formatSize(result.afterBytes)}
      </Text>
      <Text fz="sm" c="dimmed">
        This is what would go to the server. Uploading and transcribing arrive with a later update of Reelflow.
      </Text>
    </Stack>
  );
}

export function VideoTranscriptionPage() {
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [work, setWork] = useState<Work>({ kind: 'idle' });
  const [renderVideo, setRenderVideo] = useState(false);
  const [skipSizeCheck, setSkipSizeCheck] = useState(false);
  const [prepared, setPrepared] = useState<PreparedUpload | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Progress comes back on its own message channel and may arrive after the result: only the
  // running operation's progress counts (else a late event would show "busy" forever).
  const current = useRef<AbortSignal | null>(null);
  const [limit] = useState(() => transcriptionUploadLimitBytes());
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

  const check = async (file: File | null) => {
    setPrepared(null);
    setChecked(null);
    if (!file) return;
    if (file.size === 0) {
      setPrepared(await prepareTranscriptionUpload({ file, renderVideo, skipSizeCheck, serverLimitBytes: limit }, effects(), new AbortController().signal));
      return;
    }
    const signal = begin('Checking the video');
    try {
      const media = mediaClient();
      const facts = await media.probe(file, { signal, onProgress: progressOf(signal, 'Checking the video') });
      let thumbnailUrl: string | null = null;
      if (facts.videoCodec) {
        const still = await media.thumbnail(file, 320, { signal, onProgress: progressOf(signal, 'Making a thumbnail') });
        thumbnailUrl = URL.createObjectURL(still);
      }
      setChecked({ file, facts, thumbnailUrl });
      settle({ kind: 'idle' });
    } catch (error) {
      settle(isAbortError(error) ? { kind: 'idle' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  function effects() {
    const media = mediaClient();
    return {
      extractSpeechAudio: (file: Blob, progress: (value: MediaProgress) => void, signal: AbortSignal) =>
        media.extractSpeechAudio(file, { signal, onProgress: (value) => progress(value) }),
      compressToFit: async (file: Blob, maxBytes: number, progress: (value: MediaProgress) => void, signal: AbortSignal) =>
        (await media.compressToFit(file, maxBytes, { signal, onProgress: (value) => progress(value) })).file,
      logError,
    };
  }

  const prepare = async () => {
    if (!checked) return;
    const label = decideUpload({ file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit }).kind === 'compress' ? 'Compressing the video' : 'Extracting the speech';
    const signal = begin(label);
    setPrepared(null);
    try {
      const result = await prepareTranscriptionUpload(
        { file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit },
        { ...effects(), onProgress: (progress) => progressOf(signal, label)({ stage: label, ...progress }) },
        signal,
      );
      setPrepared(result);
      settle({ kind: 'idle' });
    } catch (error) {
      settle(isAbortError(error) ? { kind: 'idle' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const cancel = () => {
    controller.current?.abort();
    settle({ kind: 'idle' });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void check(event.dataTransfer.files[0] ?? null);
  };

  const decision = checked ? decideUpload({ file: checked.file, renderVideo, skipSizeCheck, serverLimitBytes: limit }) : null;

  return (
    <PageFrame
      title="Video transcription"
      description="Check a video on this device and see what would be sent for captioning. Uploading and transcribing arrive with a later update of Reelflow."
    >
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        p="md"
        style={{ border: `2px dashed var(--mantine-color-${dragging ? 'violet-6' : 'default-border'})`, borderRadius: 'var(--mantine-radius-md)', textAlign: 'center' }}
      >
        <Stack gap="xs" align="center">
          <IconUpload size={28} stroke={1.5} aria-hidden />
          <Text fz="sm">Drop a video here, or</Text>
          <FileButton onChange={(file) => void check(file)} accept="video/*" disabled={busy}>
            {(props) => (
              <Button {...props} variant="light" aria-describedby={hintId} mih={44}>
                Choose a video
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed" id={hintId}>
            The video is checked on this device; nothing is uploaded. The first check downloads the video tools (about 30 MB) once.
          </Text>
        </Stack>
      </Box>

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

      {checked ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {checked.file.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {checked.thumbnailUrl ? <Image src={checked.thumbnailUrl} alt={`A frame of ${checked.file.name}`} radius="sm" maw={320} /> : null}
              <Facts facts={checked.facts} />
            </SimpleGrid>
          </Stack>
        </Paper>
      ) : null}

      {checked && decision ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              What would be sent
            </Title>
            <Switch
              label="Render a captioned video"
              description="Off: only the speech is needed, so only the audio is sent."
              checked={renderVideo}
              onChange={(event) => {
                setRenderVideo(event.currentTarget.checked);
                setPrepared(null);
              }}
              disabled={busy}
              styles={SWITCH_STYLES}
            />
            <Switch
              label="Skip the size check"
              description="Send the video as it is, even over the server's limit."
              checked={skipSizeCheck}
              onChange={(event) => {
                setSkipSizeCheck(event.currentTarget.checked);
                setPrepared(null);
              }}
              disabled={busy || !renderVideo}
              styles={SWITCH_STYLES}
            />
            <Text fz="sm" data-testid="upload-decision" data-kind={decision.kind}>
              {describeDecision(decision, limit)}
            </Text>
            {decision.kind === 'audio-only' || decision.kind === 'compress' ? (
              <Group>
                <Button onClick={() => void prepare()} disabled={busy} mih={44}>
                  {decision.kind === 'audio-only' ? 'Extract the speech audio' : 'Compress to fit'}
                </Button>
              </Group>
            ) : null}
            {prepared ? <PreparedResult result={prepared} /> : null}
          </Stack>
        </Paper>
      ) : prepared ? (
        <PreparedResult result={prepared} />
      ) : null}

      <Alert color="gray" title="Coming with a later update">
        <List fz="sm" spacing={4}>
          <List.Item>Resumable uploads that survive a dropped connection.</List.Item>
          <List.Item>Speech to text with word timings, editable captions, and SRT/VTT downloads.</List.Item>
        </List>
      </Alert>
    </PageFrame>
  );
}
