// Step (b): how long (for a topic; a script's length is its narration) and in which language.
import { Chip, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SCRIPT_LANGUAGES } from '../../../../contract';
import type { StepProps } from './step-props';

const QUICK_LENGTHS = [15, 30, 45, 60, 90, 120];
/** The contract's ceiling when the plan is not known yet. */
const CONTRACT_MAX_SECONDS = 600;

const LANGUAGE_OPTIONS = SCRIPT_LANGUAGES.map((language) => ({ value: language, label: language.charAt(0).toUpperCase() + language.slice(1) }));

/** `reachAlert`: what the flow says when the script written from the topic cannot fill the length. */
export function LengthStep({ state, update, errors, plan, reachAlert }: StepProps & { reachAlert?: ReactNode }) {
  const max = plan?.video.max_seconds ?? CONTRACT_MAX_SECONDS;
  return (
    <Stack gap="sm">
      {state.source === 'topic' ? (
        <>
          <NumberInput
            label="Length in seconds"
            description={plan ? `Your ${plan.name} plan makes videos of up to ${max} seconds.` : undefined}
            min={5}
            max={max}
            clampBehavior="blur"
            allowDecimal={false}
            value={state.duration}
            error={errors.duration}
            onChange={(value) => update({ duration: typeof value === 'number' ? value : Number(value) || 0 })}
          />
          <Chip.Group value={String(state.duration)} onChange={(value) => update({ duration: Number(value) })}>
            <Group gap="xs" aria-label="Common lengths" role="group">
              {QUICK_LENGTHS.filter((seconds) => seconds <= max).map((seconds) => (
                <Chip key={seconds} value={String(seconds)}>
                  {seconds} s
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {reachAlert}
        </>
      ) : (
        <Text c="dimmed" fz="sm">
          The video runs as long as its narration{plan ? `, up to ${max} seconds on your ${plan.name} plan` : ''}.
        </Text>
      )}
      <Select
        label="Language"
        description="The language of the voice-over and captions."
        data={LANGUAGE_OPTIONS}
        value={state.language}
        allowDeselect={false}
        searchable
        error={errors.language}
        onChange={(value) => update({ language: (value ?? 'english'), voice: null })}
      />
    </Stack>
  );
}
