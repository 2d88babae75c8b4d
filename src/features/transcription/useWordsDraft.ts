// The transcript editor's draft and the version of the words it was made on. Words arriving from
// the server (a load, a pull, another tab, the answer to a save) replace the draft while the
// creator has not changed it; a changed draft stays on the version it was made on, so saving it
// is judged against the words the creator actually corrected — a newer version on the server
// refuses it instead of being overwritten. The creator can set their words aside to look at the
// newer ones and put them back (an explicit choice to save over them).
import { useState } from 'react';
import type { WordTiming } from '../../../contract';
import type { LocalTranscription } from '../../store';
import { sameWords } from './word-edits';

export interface WordsDraft {
  draft: WordTiming[];
  setDraft: (update: (words: WordTiming[]) => WordTiming[]) => void;
  /** The `wordsUpdatedAt` of the words the draft was made on: what a save is sent against. */
  baseVersion: string | null;
  /** The creator has changes, and the words under them changed since (saved elsewhere). */
  behind: boolean;
  /** The creator's words, set aside while the server's are shown; null when none. */
  setAside: WordTiming[] | null;
  /** Start again from the words on this device (the changes are dropped). */
  discard: () => void;
  /** Show these words (the latest, or the ones a reload brought), keeping the creator's aside. */
  showLatest: (row?: Pick<LocalTranscription, 'words' | 'wordsUpdatedAt'>) => void;
  /** Bring the set-aside words back as unsaved changes on top of the words shown now. */
  putBack: () => void;
  /** Let the set-aside words go (the creator's choice). */
  forgetSetAside: () => void;
}

export function useWordsDraft(transcription: LocalTranscription): WordsDraft {
  const { words, wordsUpdatedAt } = transcription;
  const [draft, setDraftState] = useState<WordTiming[]>(words);
  const [baseVersion, setBaseVersion] = useState(wordsUpdatedAt);
  const [setAside, setSetAside] = useState<WordTiming[] | null>(null);
  // The row's words as last seen, to tell what changed when the row does.
  const [seen, setSeen] = useState({ words, version: wordsUpdatedAt });
  if (seen.words !== words || seen.version !== wordsUpdatedAt) {
    setSeen({ words, version: wordsUpdatedAt });
    const changed = !sameWords(draft, seen.words);
    if (!changed || sameWords(draft, words)) {
      setDraftState(words);
      setBaseVersion(wordsUpdatedAt);
    } else if (baseVersion === seen.version && sameWords(seen.words, words)) {
      // The same words under a new version (the answer to the creator's own save): still its base.
      setBaseVersion(wordsUpdatedAt);
    }
  }

  const showLatest = (row: Pick<LocalTranscription, 'words' | 'wordsUpdatedAt'> = transcription) => {
    if (!sameWords(draft, row.words)) setSetAside(draft);
    setDraftState(row.words);
    setBaseVersion(row.wordsUpdatedAt);
  };
  return {
    draft,
    setDraft: setDraftState,
    baseVersion,
    behind: baseVersion !== wordsUpdatedAt && !sameWords(draft, words),
    setAside,
    discard: () => {
      setDraftState(words);
      setBaseVersion(wordsUpdatedAt);
    },
    showLatest,
    putBack: () => {
      if (setAside) setDraftState(setAside);
      setSetAside(null);
    },
    forgetSetAside: () => setSetAside(null),
  };
}
