// The transcription's caption style: the shared picker (saved styles included) on a draft, the
// live preview over the media, and Save, which puts the settings on this device and in the outbox
// (a picker change per keystroke would otherwise queue a request each).
import { Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { resolveCaptionStyle, type CaptionSettings, type WordTiming } from '../../../contract';
import { errorMessage } from '../../api';
import { updateTranscriptionLocally } from './data/transcription-sync';
import type { LocalTranscription } from '../../store';
import { CaptionStylePicker } from '../../ui/captions/CaptionStylePicker';
import { captionStyleLibrary } from './data/caption-styles';
import { MediaCaptionPreview } from './MediaCaptionPreview';
import { DraftActions } from './DraftActions';

/** "No captions" means nothing to render or download here. */
const EXCLUDED_PRESETS = ['none'] as const;

function sameSettings(a: CaptionSettings, b: CaptionSettings): boolean {
  const defined = (settings: CaptionSettings) => JSON.stringify(Object.entries(settings).filter(([, value]) => value !== undefined).sort(([x], [y]) => x.localeCompare(y)));
  return defined(a) === defined(b);
}

export interface CaptionStylePanelProps {
  transcription: LocalTranscription;
  /** The words to preview (the transcript being edited); the saved words by default. */
  words?: readonly WordTiming[];
}

export function CaptionStylePanel({ transcription, words = transcription.words }: CaptionStylePanelProps) {
  const [draft, setDraft] = useState<CaptionSettings>(transcription.caption_settings);
  const [shown, setShown] = useState(transcription.caption_settings);
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty = !sameSettings(draft, transcription.caption_settings);
  if (shown !== transcription.caption_settings) {
    setShown(transcription.caption_settings);
    if (!dirty) setDraft(transcription.caption_settings);
  }

  const save = async () => {
    setSaving(true);
    try {
      await updateTranscriptionLocally(transcription.id, { caption_settings: draft });
      setNotice('Caption style saved. It is sent to the server as soon as there is a connection.');
    } catch (error) {
      setNotice(errorMessage(error, 'The caption style could not be saved on this device.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
        <MediaCaptionPreview src={transcription.media_url} mediaType={transcription.media_type} words={words} style={resolveCaptionStyle(draft)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
        <Stack gap="sm">
          <CaptionStylePicker savedStyles={captionStyleLibrary} value={draft} onChange={setDraft} exclude={EXCLUDED_PRESETS} />
          <DraftActions
            saveLabel="Save caption style"
            discardLabel="Discard style changes"
            dirty={dirty}
            saving={saving}
            onSave={() => void save()}
            onDiscard={() => setDraft(transcription.caption_settings)}
            notice={notice}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
