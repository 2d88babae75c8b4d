// When the creator's words and the server's part ways, said plainly above the transcript: a save
// the server refused (the words were changed elsewhere after this copy was loaded), newer words
// that arrived while the creator was editing, and the creator's own words set aside while the
// server's are shown. Nothing of theirs goes without their say: loading or showing the server's
// words keeps their words to put back, and saving them then replaces the server's knowingly.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { errorMessage } from '../../api';
import { isRefusedEdit } from './data/transcription-sync';
import type { LocalTranscription } from '../../store';
import type { WordsDraft } from './useWordsDraft';

export interface WordsConflictProps {
  transcription: LocalTranscription;
  draft: WordsDraft;
  reloadFromServer?: (() => Promise<LocalTranscription>) | undefined;
  onNotice: (notice: string) => void;
}

export function WordsConflict({ transcription, draft, reloadFromServer, onNotice }: WordsConflictProps) {
  const { failedOutboxId, syncStatus } = transcription;
  const refused = useLiveQuery(() => (syncStatus === 'failed' ? isRefusedEdit(failedOutboxId) : false), [syncStatus, failedOutboxId]) ?? false;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = async () => {
    if (!reloadFromServer) return;
    setLoading(true);
    setError(null);
    try {
      draft.showLatest(await reloadFromServer());
      onNotice('The words on the server are shown now.');
    } catch (failure) {
      setError(errorMessage(failure, 'The words on the server could not be loaded.'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      {refused && reloadFromServer ? (
        <Alert color="red" variant="light" title="Your corrections are not saved on the server" role="alert">
          <Stack gap="xs">
            <Text fz="sm">{transcription.syncError}</Text>
            <Text fz="sm">Load the server&apos;s words to see them. Your corrections stay on this page, and you can put them back.</Text>
            {error ? (
              <Text fz="sm" c="red">
                {error}
              </Text>
            ) : null}
            <Group>
              <Button mih={44} loading={loading} onClick={() => void reload()}>
                Load the server&apos;s words
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {!refused && draft.behind ? (
        <Alert color="yellow" variant="light" title="These words were changed somewhere else">
          <Stack gap="xs">
            <Text fz="sm">
              A newer version of the transcript arrived while you were editing. Saving yours would replace it without you seeing it, so the server would refuse it. Show the newer words to
              compare: yours can be put back.
            </Text>
            <Group>
              <Button mih={44} variant="light" onClick={() => draft.showLatest()}>
                Show the newer words
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {draft.setAside ? (
        <Alert color="blue" variant="light" title="Your corrections are set aside">
          <Stack gap="xs">
            <Text fz="sm">The editor shows the words on the server. Put yours back to edit them again; saving them then replaces the server&apos;s words.</Text>
            <Group gap="sm">
              <Button mih={44} variant="light" onClick={draft.putBack}>
                Put my corrections back
              </Button>
              <Button mih={44} variant="default" onClick={draft.forgetSetAside}>
                Forget my corrections
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
