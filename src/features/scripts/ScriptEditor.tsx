// The script editor (new and edit), in a modal dialog ("New script" / "Edit script"). Saving
// writes to the local store through the outbox (createScriptLocally / updateScriptLocally), so it
// works offline; the card shows "Pending" until the server has it.
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { SCRIPT_LANGUAGES } from '../../../contract';
import { errorMessage } from '../../api';
import type { LocalScript } from '../../store';
import { countWords, createScriptLocally, updateScriptLocally, type ScriptChanges } from '../../sync';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { editorForm, languageLabel, plural, type EditorFormValues } from './format';

export type EditorTarget = { mode: 'new' } | { mode: 'edit'; script: LocalScript };

const BODY_MAX = 20_000;

function languageOptions(current: string) {
  const known: readonly string[] = SCRIPT_LANGUAGES;
  const list = known.includes(current) || !current ? known : [...known, current];
  return list.map((language) => ({ value: language, label: languageLabel(language) }));
}

export function ScriptEditorModal({ target, onClose, onSaved }: { target: EditorTarget | null; onClose: () => void; onSaved: (id: string, mode: 'new' | 'edit') => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  // Keep what was shown while the dialog fades out (no "Edit script" -> "New script" flicker).
  const [last, setLast] = useState<EditorTarget | null>(target);
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  return (
    <Modal opened={target !== null} onClose={onClose} title={shown?.mode === 'edit' ? 'Edit script' : 'New script'} size="lg" fullScreen={phone === true}>
      {shown ? <ScriptEditorForm key={shown.mode === 'edit' ? shown.script.id : 'new'} target={shown} onCancel={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function initialValues(target: EditorTarget): EditorFormValues {
  if (target.mode === 'new') return { title: '', body: '', language: 'english', video_duration: '' };
  const { script } = target;
  return { title: script.title, body: script.body, language: script.language, video_duration: script.video_duration ?? '' };
}

function ScriptEditorForm({ target, onCancel, onSaved }: { target: EditorTarget; onCancel: () => void; onSaved: (id: string, mode: 'new' | 'edit') => void }) {
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
          description={`${plural(countWords(body), 'word', 'words')} · ${body.length.toLocaleString('en')} of ${BODY_MAX.toLocaleString('en')} characters`}
          autosize
          minRows={8}
          maxRows={18}
          {...form.getInputProps('body')}
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect label="Language" data={languageOptions(form.values.language)} miw={160} {...form.getInputProps('language')} />
          <NumberInput
            label="Duration (seconds)"
            description="Optional, 5 to 600 seconds"
            min={5}
            max={600}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            miw={160}
            {...form.getInputProps('video_duration')}
          />
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
