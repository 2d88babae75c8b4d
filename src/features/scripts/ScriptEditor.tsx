// The script editor (new and edit), in a modal dialog ("New script" / "Edit script"). Saving
// writes to the local store through the outbox (createScriptLocally / updateScriptLocally), so it
// works offline; the card shows "Pending" until the server has it.
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { SCRIPT_LANGUAGES } from '../../../contract';
import { errorMessage } from '../../api';
import type { LocalScript } from '../../store';
import { countWords, createScriptLocally, updateScriptLocally, type ScriptChanges } from './data';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { DurationInput } from './DurationInput';
import { editorForm, languageLabel, type EditorFormValues } from './format';
import { formatCount, plural } from '../../ui/format-count';

export type EditorTarget = { mode: 'new' } | { mode: 'edit'; script: LocalScript };

const BODY_MAX = 20_000;

function languageOptions(current: string) {
  const known: readonly string[] = SCRIPT_LANGUAGES;
  const list = known.includes(current) || !current ? known : [...known, current];
  return list.map((language) => ({ value: language, label: languageLabel(language) }));
}

export const DISCARD_TITLE = 'Discard unsaved changes?';

export function ScriptEditorModal({ target, onClose, onSaved }: { target: EditorTarget | null; onClose: () => void; onSaved: (id: string, mode: 'new' | 'edit') => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  // Keep what was shown while the dialog fades out (no "Edit script" -> "New script" flicker).
  const [last, setLast] = useState<EditorTarget | null>(target);
  const [confirming, setConfirming] = useState(false);
  const dirty = useRef(false);
  if (target && target !== last) {
    setLast(target);
    setConfirming(false);
  }
  const shown = target ?? last;
  // Every way out (Cancel, the close button, Escape, a click outside) comes here: with unsaved
  // changes it asks first instead of throwing the work away.
  const requestClose = () => {
    // Escape or a click outside while asking means "no": back to the text.
    if (confirming) {
      setConfirming(false);
      return;
    }
    if (dirty.current) setConfirming(true);
    else onClose();
  };
  const discard = () => {
    dirty.current = false;
    setConfirming(false);
    onClose();
  };
  const title = confirming ? DISCARD_TITLE : shown?.mode === 'edit' ? 'Edit script' : 'New script';
  return (
    <Modal opened={target !== null} onClose={requestClose} title={title} size="lg" fullScreen={phone === true}>
      {confirming ? <DiscardConfirm onKeepEditing={() => setConfirming(false)} onDiscard={discard} /> : null}
      {shown ? (
        // Hidden, not unmounted, while asking: "Keep editing" finds the text as it was.
        <div hidden={confirming}>
          <ScriptEditorForm
            key={shown.mode === 'edit' ? shown.script.id : 'new'}
            target={shown}
            onCancel={requestClose}
            onSaved={(id, mode) => {
              dirty.current = false;
              onSaved(id, mode);
            }}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
          />
        </div>
      ) : null}
    </Modal>
  );
}

function DiscardConfirm({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Stack gap="md" role="alert">
      <Text>Your changes to this script are not saved. If you close now, they are lost.</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="light" color="red" onClick={onDiscard}>
          Discard changes
        </Button>
        <Button ref={keep} onClick={onKeepEditing}>
          Keep editing
        </Button>
      </Group>
    </Stack>
  );
}

function initialValues(target: EditorTarget): EditorFormValues {
  if (target.mode === 'new') return { title: '', body: '', language: 'english', video_duration: '' };
  const { script } = target;
  return { title: script.title, body: script.body, language: script.language, video_duration: script.video_duration ?? '' };
}

interface EditorFormProps {
  target: EditorTarget;
  onCancel: () => void;
  onSaved: (id: string, mode: 'new' | 'edit') => void;
  /** Told whenever the form starts or stops differing from what was opened. */
  onDirtyChange: (dirty: boolean) => void;
}

function ScriptEditorForm({ target, onCancel, onSaved, onDirtyChange }: EditorFormProps) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditorFormValues>({
    mode: 'controlled',
    initialValues: initialValues(target),
    validate: zodValidate(editorForm),
  });

  const submit = async (values: EditorFormValues) => {
    const parsed = editorForm.parse(values);
    setSaving(true);
    setFailure(null);
    try {
      if (target.mode === 'new') {
        const row = await createScriptLocally({ title: parsed.title, body: parsed.body, language: parsed.language, video_duration: parsed.video_duration });
        onSaved(row.id, 'new');
        return;
      }
      const before = target.script;
      const changes: ScriptChanges = {};
      if (parsed.title !== before.title) changes.title = parsed.title;
      if (parsed.body !== before.body) changes.body = parsed.body;
      if (parsed.language !== before.language) changes.language = parsed.language;
      if (parsed.video_duration !== before.video_duration) changes.video_duration = parsed.video_duration;
      if (Object.keys(changes).length > 0) await updateScriptLocally(before.id, changes);
      onSaved(before.id, 'edit');
    } catch (error) {
      setFailure(errorMessage(error, 'The script could not be saved on this device.'));
      setSaving(false);
    }
  };

  const isDirty = form.isDirty();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const body = form.values.body;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        void submit(values);
      })}
    >
      <Stack gap="sm">
        {failure ? <ErrorAlert title="Script not saved">{failure}</ErrorAlert> : null}
        <TextInput label="Title" maxLength={200} withAsterisk={false} required data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Script"
          description={`${plural(countWords(body), 'word', 'words')} · ${formatCount(body.length)} of ${formatCount(BODY_MAX)} characters`}
          autosize
          minRows={8}
          maxRows={18}
          {...form.getInputProps('body')}
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect label="Language" data={languageOptions(form.values.language)} miw={160} {...form.getInputProps('language')} />
          <DurationInput description="Optional, 5 to 600 seconds" {...form.getInputProps('video_duration')} />
        </Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save script
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
