// One transcription, opened from the transcription page: its facts, the editable transcript, the
// caption style with a live preview over the media, the caption files and the captioned video.
// The editor is only shown over words this device has loaded: until then the page's placeholder
// (loading, or why they cannot be loaded) stands in its place. Lazy-loaded by the page (default
// export).
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import type { WordTiming } from '../../../contract';
import type { LocalTranscription } from '../../store';
import { CaptionFileDownloads } from './CaptionFileDownloads';
import { CaptionStylePanel } from './CaptionStylePanel';
import { RenderPanel } from './RenderPanel';
import { TranscriptEditor } from './TranscriptEditor';
import { TranscriptionFacts } from './TranscriptionFacts';

export interface TranscriptionDetailProps {
  transcription: LocalTranscription;
  /** Shown instead of the editor while the words are being fetched or cannot be. */
  transcriptPlaceholder?: ReactNode;
  /** Takes the server's version after a refused save (the page holds the network). */
  reloadFromServer?: () => Promise<LocalTranscription>;
}

export function TranscriptionDetail({ transcription, transcriptPlaceholder, reloadFromServer }: TranscriptionDetailProps) {
  const completed = transcription.status === 'completed';
  // The words in the editor (saved or not), so the caption preview plays the corrections at once.
  const [edited, setEdited] = useState<{ id: string; words: readonly WordTiming[] } | null>(null);
  const editedWords = edited?.id === transcription.id ? edited.words : null;
  const { id } = transcription;
  const onDraftChange = useCallback((words: readonly WordTiming[]) => setEdited({ id, words }), [id]);
  return (
    <Stack gap="lg" component="article" aria-labelledby={`transcription-${transcription.id}-title`}>
      <Stack gap="xs">
        <Title order={2} id={`transcription-${transcription.id}-title`} style={{ overflowWrap: 'anywhere' }}>
          {transcription.title}
        </Title>
        <TranscriptionFacts transcription={transcription} />
      </Stack>
      {transcription.status === 'queued' || transcription.status === 'processing' ? (
        <Stack gap="xs" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text aria-live="polite">The transcript appears here once it is ready ({transcription.progress} %).</Text>
        </Stack>
      ) : null}
      {completed ? (
        <>
          <Section title="Transcript" id={transcription.id}>
            {transcriptPlaceholder ??
              (transcription.wordsUpdatedAt === null ? (
                <Text c="dimmed">The transcript has not been loaded on this device yet.</Text>
              ) : (
                <TranscriptEditor key={transcription.id} transcription={transcription} onDraftChange={onDraftChange} reloadFromServer={reloadFromServer} />
              ))}
          </Section>
          <Section title="Caption style" id={transcription.id}>
            <CaptionStylePanel key={transcription.id} transcription={transcription} words={editedWords ?? transcription.words} />
          </Section>
          <Section title="Caption files" id={transcription.id}>
            <CaptionFileDownloads transcription={transcription} />
          </Section>
          <Section title="Captioned video" id={transcription.id}>
            <RenderPanel transcription={transcription} />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  const headingId = `transcription-${id}-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default TranscriptionDetail;
