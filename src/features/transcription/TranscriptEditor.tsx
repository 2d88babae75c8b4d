// The transcript, word by word: correct a word, move its start or end (seconds, 0.01 steps — the
// arrow keys step too), delete it. Long transcripts are shown a page of words at a time. Save puts
// the whole list on this device and in the outbox, so it works offline, sent with the version of
// the words it was made on (useWordsDraft); Discard goes back to the saved words. Every rule is
// checked next to its word before Save is allowed (word-edits.ts). Only loaded words come here
// (TranscriptionDetail). When the server refuses a save because the words changed elsewhere, the
// creator loads the server's words and can put their own back (WordsConflict).
import { ActionIcon, Alert, Group, NumberInput, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { WordTiming } from '../../../contract';
import { errorMessage } from '../../api';
import { updateTranscriptionLocally } from './data/transcription-sync';
import type { LocalTranscription } from '../../store';
import { useWordsDraft } from './useWordsDraft';
import { editSummary, formatTime, roundTime, sameWords, TIME_STEP, validateWords, WORDS_PER_PAGE, wordsToSave, type WordProblems } from './word-edits';
import { WordsConflict } from './WordsConflict';
import { DraftActions } from './DraftActions';

export interface TranscriptEditorProps {
  transcription: LocalTranscription;
  /** Told the words being edited, so the caption preview shows them before they are saved. */
  onDraftChange?: (words: readonly WordTiming[]) => void;
  /** Takes the server's version after a refused save (the page holds the network). */
  reloadFromServer?: () => Promise<LocalTranscription>;
}

export function TranscriptEditor({ transcription, onDraftChange, reloadFromServer }: TranscriptEditorProps) {
  const wordsDraft = useWordsDraft(transcription);
  const { draft, setDraft } = wordsDraft;
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !sameWords(draft, transcription.words);
  const problems = useMemo(() => validateWords(draft, transcription.duration), [draft, transcription.duration]);
  const summary = editSummary(draft, problems);

  useEffect(() => {
    onDraftChange?.(draft);
  }, [draft, onDraftChange]);

  const pages = Math.max(1, Math.ceil(draft.length / WORDS_PER_PAGE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const first = (Math.min(page, pages) - 1) * WORDS_PER_PAGE;
  const visible = draft.slice(first, first + WORDS_PER_PAGE);

  const change = (index: number, patch: Partial<WordTiming>) => {
    setNotice('');
    setDraft((words) => words.map((word, at) => (at === index ? { ...word, ...patch } : word)));
  };
  const remove = (index: number) => {
    setNotice(`Word ${index + 1} deleted.`);
    setDraft((words) => words.filter((_, at) => at !== index));
  };
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await updateTranscriptionLocally(transcription.id, { words: wordsToSave(draft) }, wordsDraft.baseVersion);
      setNotice('Saved. It is sent to the server as soon as there is a connection.');
    } catch (error) {
      setFailure(errorMessage(error, 'The words could not be saved on this device.'));
    } finally {
      setSaving(false);
    }
  };

  if (transcription.status !== 'completed') return <Text c="dimmed">The words can be edited once the transcription has completed.</Text>;

  return (
    <Stack gap="sm">
      <WordsConflict transcription={transcription} draft={wordsDraft} reloadFromServer={reloadFromServer} onNotice={setNotice} />
      {draft.length === 0 ? <Text c="dimmed">There are no words in this transcript.</Text> : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Words of the transcript">
        {visible.map((word, offset) => (
          <WordRow key={first + offset} index={first + offset} word={word} problems={problems.get(first + offset)} onChange={change} onDelete={remove} />
        ))}
      </Stack>
      {pages > 1 ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm" c="dimmed">
            Words {first + 1}–{Math.min(first + WORDS_PER_PAGE, draft.length)} of {draft.length}
          </Text>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="md" siblings={0} getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
        </Group>
      ) : null}
      {summary ? (
        <Alert color="red" variant="light" role="alert">
          {summary}
        </Alert>
      ) : null}
      {failure ? (
        <Text c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <DraftActions
        saveLabel="Save words"
        discardLabel="Discard changes"
        dirty={dirty}
        saving={saving}
        canSave={summary === null}
        onSave={() => void save()}
        onDiscard={() => {
          wordsDraft.discard();
          setNotice('Changes discarded.');
        }}
        notice={notice}
      />
    </Stack>
  );
}

interface WordRowProps {
  index: number;
  word: WordTiming;
  problems: WordProblems | undefined;
  onChange: (index: number, patch: Partial<WordTiming>) => void;
  onDelete: (index: number) => void;
}

function WordRow({ index, word, problems, onChange, onDelete }: WordRowProps) {
  const number = index + 1;
  const time = (field: 'start' | 'end', label: string) => (
    <NumberInput
      label={label}
      aria-label={`${label} of word ${number} (seconds)`}
      description={formatTime(word[field])}
      min={0}
      step={TIME_STEP}
      decimalScale={2}
      value={word[field]}
      error={problems?.[field]}
      w={110}
      onChange={(value) => {
        if (typeof value === 'number') onChange(index, { [field]: roundTime(value) });
      }}
    />
  );
  return (
    <Group component="li" gap="xs" align="flex-start" wrap="wrap">
      <TextInput label={`Word ${number}`} value={word.word} error={problems?.word} onChange={(event) => onChange(index, { word: event.currentTarget.value })} style={{ flex: '1 1 140px' }} />
      {time('start', 'Start')}
      {time('end', 'End')}
      <ActionIcon size={44} variant="subtle" color="red" mt={22} aria-label={`Delete word ${number} (${word.word.trim() || 'empty'})`} onClick={() => onDelete(index)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
