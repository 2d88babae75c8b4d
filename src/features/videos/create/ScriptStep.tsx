// Step (a): what the video says — a script written or pasted here, one of the saved scripts, or a
// topic the server writes a script from.
import { SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ChangeEvent } from 'react';
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

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function ScriptStep({ state, update, errors }: StepProps) {
  const scripts = useLiveQuery(scriptsRecentlyEdited, []);
  const words = wordCount(state.script);
  // The script and the topic are both free text on the flow state, growing with what is typed.
  const textField = (field: 'script' | 'prompt', minRows: number, maxRows: number) => ({
    autosize: true,
    minRows,
    maxRows,
    value: state[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => update({ [field]: event.currentTarget.value }),
  });
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
      {state.source === 'write' ? (
        <Textarea
          label="Script"
          description="What the voice says, word for word. Paste or type it."
          placeholder="Did you know octopuses have three hearts?…"
          {...textField('script', 5, 14)}
        />
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
      {state.source === 'topic' ? (
        <Textarea
          label="Topic"
          description="A few words about the video; a script is written for you first."
          placeholder="Three surprising facts about octopuses"
          {...textField('prompt', 2, 6)}
        />
      ) : null}
    </Stack>
  );
}
