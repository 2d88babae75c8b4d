// Step (c): the voice and how fast it speaks.
import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { voiceSource } from '../data/voices-http';
import { VoicePicker } from '../../../ui/voices/VoicePicker';
import { SPEED_MAX, SPEED_MIN } from './flow-state';
import type { StepProps } from './step-props';

export function VoiceStep({ state, update, errors, preferGender }: StepProps & { preferGender?: 'female' | 'male' | 'neutral' }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          Chosen: <strong>{state.voice ? state.voice.name : 'the built-in voice of the video’s language'}</strong>
        </Text>
        {state.voice ? (
          <Button variant="subtle" size="xs" onClick={() => update({ voice: null })}>
            Use the default voice
          </Button>
        ) : null}
      </Group>
      <VoicePicker
        language={state.language}
        value={state.voice}
        error={errors.voice}
        preferGender={preferGender}
        source={voiceSource}
        onChange={(voice) => update({ voice: { provider: voice.provider, voice_id: voice.voice_id, name: voice.name } })}
      />
      <Stack gap={4}>
        <Text id="voice-speed-label" fz="sm" fw={500}>
          Speed: {(state.voice ? state.speed : 1).toFixed(2)}×
        </Text>
        {state.voice ? null : (
          <Text fz="xs" c="dimmed">
            Choose a voice to change its speed; the default voice reads at 1×.
          </Text>
        )}
        <Slider
          disabled={!state.voice}
          aria-labelledby="voice-speed-label"
          thumbLabel="Voice speed"
          min={SPEED_MIN}
          max={SPEED_MAX}
          step={0.05}
          value={state.speed}
          label={(value) => `${value.toFixed(2)}×`}
          marks={[
            { value: 0.75, label: 'Slow' },
            { value: 1, label: 'Normal' },
            { value: 1.5, label: 'Fast' },
          ]}
          onChange={(speed) => update({ speed })}
          mb="md"
        />
        {errors.speed ? (
          <Text c="red" fz="sm">
            {errors.speed}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
