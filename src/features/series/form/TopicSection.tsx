// Step 1: what the episodes are about — a niche the writer finds new topics in, the creator's own
// list (one a line, used in order, once each), or a prompt — and the series' name.
import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { plural } from '../../../ui/format-count';
import { topicLines, type TopicMode } from './series-form';
import type { SectionProps } from './section-props';

const MODES: Array<{ value: TopicMode; label: string }> = [
  { value: 'niche', label: 'Niche' },
  { value: 'list', label: 'My topics' },
  { value: 'prompt', label: 'Prompt' },
];

const MODE_HELP: Record<TopicMode, string> = {
  niche: 'Each episode gets a new topic in this niche, never one it already made.',
  list: 'Your topics, one a line, used in order, each once. When the list runs out the series pauses.',
  prompt: 'Your instructions for every episode; each one still gets a new topic.',
};

export function TopicSection({ form, update, errors, disabled }: SectionProps) {
  const count = topicLines(form.topicList).length;
  return (
    <Stack gap="sm">
      <TextInput label="Series name" description="Only you see it: in your series list, My videos and the calendar." required value={form.name} error={errors.name} disabled={disabled} onChange={(event) => update({ name: event.currentTarget.value })} />
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="series-topic-mode">
          Where the topics come from
        </Text>
        <SegmentedControl role="radiogroup" aria-labelledby="series-topic-mode" fullWidth data={MODES} value={form.topicMode} disabled={disabled} onChange={(value) => update({ topicMode: value })} />
        <Text fz="xs" c="dimmed">
          {MODE_HELP[form.topicMode]}
        </Text>
      </Stack>
      {form.topicMode === 'niche' ? (
        <TextInput label="Niche" placeholder="e.g. Strange facts about the deep sea" value={form.niche} error={errors.niche} disabled={disabled} onChange={(event) => update({ niche: event.currentTarget.value })} />
      ) : form.topicMode === 'list' ? (
        <Textarea
          label="Your topics"
          description={count > 0 ? plural(count, 'topic', 'topics') : 'One topic a line.'}
          autosize
          minRows={5}
          maxRows={14}
          value={form.topicList}
          error={errors.topicList}
          disabled={disabled}
          onChange={(event) => update({ topicList: event.currentTarget.value })}
        />
      ) : (
        <Textarea label="Prompt" placeholder="e.g. A calm bedtime story about a different animal each night" autosize minRows={3} maxRows={10} value={form.prompt} error={errors.prompt} disabled={disabled} onChange={(event) => update({ prompt: event.currentTarget.value })} />
      )}
    </Stack>
  );
}
