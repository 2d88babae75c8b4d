// Step (a): what the video says — a script written or pasted here, one of the saved scripts, or a
// topic the server writes a script from.
import { SegmentedControl, Select, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { estimateNarrationSeconds } from '../../../../contract';
import { scriptsRecentlyEdited } from '../../scripts/data';
import { effectiveSpeed, type ScriptSource } from './flow-state';
import type { StepProps } from './step-props';
import { formatCount } from '../../../ui/format-count';

const SOURCES: { value: ScriptSource; label: string }[] = [
  // Short labels: three must fit side by side on a 360-px phone.
  { value: 'write', label: 'Write' },
  { value: 'saved', label: 'Saved' },
  { value: 'topic', label: 'Topic' },
];

/** The two sources typed by hand: the script itself, or a topic a script is written from. */
const TYPED_SOURCES: Record<Exclude<ScriptSource, 'saved'>, { field: 'script' | 'prompt'; text: TextareaProps }> = {
  write: { field: 'script', text: { label: 'Script', description: 'What the voice says, word for word. Paste or type it.', placeholder: 'Did you know octopuses have three hearts?…', minRows: 5, maxRows: 14 } },
  topic: { field: 'prompt', text: { label: 'Topic', description: 'A few words about the video; a script is written for you first.', placeholder: 'Three surprising facts about octopuses', minRows: 2, maxRows: 6 } },
};

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function ScriptStep({ state, update, errors }: StepProps) {
  const scripts = useLiveQuery(scriptsRecentlyEdited, []);
  const words = wordCount(state.script);
  const typed = state.source === 'saved' ? null : TYPED_SOURCES[state.source];
  return (
    <Stack gap="sm">
      <SegmentedControl
        role="radiogroup"
        aria-label="Script source: write one, use a saved one, or give a topic"
        fullWidth
        orientation="horizontal"
        data={SOURCES}
        value={state.source}
        onChange={(value) => update({ source: value })}
      />
      {typed ? (
        // Keyed by its field: switching between the script and the topic starts a fresh textarea.
        <Textarea key={typed.field} {...typed.text} autosize value={state[typed.field]} error={errors[typed.field]} onChange={(event) => update({ [typed.field]: event.currentTarget.value })} />
      ) : null}
      {state.source === 'write' && words > 0 ? (
        <Text fz="sm" c="dimmed">
          {formatCount(words)} words — about {estimateNarrationSeconds(state.script, effectiveSpeed(state))} seconds spoken
        </Text>
      ) : null}
      {state.source === 'saved' ? (
        scripts && scripts.length === 0 ? (
          <Text c="dimmed">You have no saved scripts yet. Write one here, or create scripts in My scripts.</Text>
        ) : (
          <Select
            label="Saved script"
            placeholder={scripts ? 'Choose a script' : 'Loading scripts...'}
            searchable
            nothingFoundMessage="No script matches"
            data={(scripts ?? []).map((script) => ({ value: script.id, label: script.title || 'Untitled script' }))}
            value={state.scriptId}
            error={errors.script}
            onChange={(value) => update({ scriptId: value })}
          />
        )
      ) : null}
    </Stack>
  );
}
