// Step (g): everything chosen, and the price before creating: the estimated seconds × the plan's
// credits per second (contract videoCost), how the estimate was made, the plan's maximum length
// and the credits available.
import { Alert, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PlanSummary } from '../../../../contract';
import { ART_STYLE_LOOKS } from '../../../ui/art-styles/art-styles';
import { presetLabel } from '../../../ui/captions/preset-label';
import { effectiveSpeed, spokenSeconds, type Estimate, type FlowState } from './flow-state';
import type { StepProps } from './step-props';
import { formatCount, plural } from '../../../ui/format-count';

interface ReviewStepProps extends StepProps {
  estimate: Estimate;
  quote: { credits: number; seconds: number } | null;
  credits: number;
  scriptTitle: string | null;
  musicTitle: string | null;
  /** What the flow says when the script written from the topic cannot fill the length (Create waits for a fix). */
  reachAlert?: ReactNode;
}

function sourceText(state: FlowState, scriptTitle: string | null): string {
  if (state.source === 'topic') return `A script written from the topic “${state.prompt.trim()}”`;
  if (state.source === 'saved') return scriptTitle ? `Your saved script “${scriptTitle}”` : 'A saved script (not chosen yet)';
  return 'The script you wrote';
}

export function estimateExplanation(estimate: Estimate, state: FlowState): string {
  if (estimate.basis === 'topic') {
    return `You asked for ${estimate.seconds} seconds; the script is written for this voice and its speed, and the pauses between its parts land it within a few seconds of that.`;
  }
  const speed = effectiveSpeed(state);
  const pace = speed === 1 ? '' : ` at ${speed.toFixed(2)}× speed`;
  return `${formatCount(estimate.words)} words read at about 150 words a minute${pace} take about ${estimate.seconds} seconds.`;
}

/** How long the creator's own script will really run with this voice, when that differs from the priced estimate. */
export function lengthNote(estimate: Estimate, state: FlowState): string | null {
  if (estimate.basis === 'topic' || estimate.words === 0) return null;
  const seconds = spokenSeconds(state, estimate);
  if (Math.abs(seconds - estimate.seconds) <= estimate.seconds * 0.1) return null;
  return `With this voice your video will run about ${seconds} seconds (the price assumes ${estimate.seconds}): its length follows your script. To change it, edit the script or the voice speed.`;
}

export function priceText(quote: { credits: number; seconds: number }, plan: PlanSummary): string {
  return `${quote.seconds} seconds × ${plan.video.credits_per_second} credits a second = ${quote.credits} ${quote.credits === 1 ? 'credit' : 'credits'}`;
}

export function ReviewStep({ state, update, errors, plan, estimate, quote, credits, scriptTitle, musicTitle, reachAlert }: ReviewStepProps) {
  const rows: [string, string][] = [
    ['Words', sourceText(state, scriptTitle)],
    ['Language', state.language.charAt(0).toUpperCase() + state.language.slice(1)],
    ['Voice', `${state.voice ? state.voice.name : 'Built-in voice of the language'} at ${effectiveSpeed(state).toFixed(2)}×`],
    ['Art style', ART_STYLE_LOOKS[state.artStyle].label],
    ...(state.sceneMedia.length > 0
      ? [['Your own visuals', `${state.sceneMedia.length} ${state.sceneMedia.length === 1 ? 'scene' : 'scenes'}`] as [string, string]]
      : []),
    ['Music', musicTitle ? `${musicTitle} at ${Math.round(state.musicVolume * 100)}%` : 'None'],
    ['Captions', presetLabel(state.caption.preset ?? 'bold-pop')],
    ['Frame', `${state.aspectRatio}${state.watermark ? ', with watermark' : ''}`],
  ];
  return (
    <Stack gap="md">
      <TextInput
        label="Title (optional)"
        description="Shown in My videos; without one the first words of the script are used."
        maxLength={200}
        value={state.title}
        error={errors.title}
        onChange={(event) => update({ title: event.currentTarget.value })}
      />
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={110}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} aria-live="polite">
        <Title order={3} fz="md">
          Cost
        </Title>
        {quote && plan ? (
          <>
            <Text fz="xl" fw={700} data-testid="video-cost">
              {quote.credits} {quote.credits === 1 ? 'credit' : 'credits'}
            </Text>
            <Text fz="sm">{priceText(quote, plan)}</Text>
            <Text fz="sm" c="dimmed">
              {estimateExplanation(estimate, state)} The credits are taken when the video is queued and come back
              automatically if it fails for a reason that is not yours.
            </Text>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {estimate.seconds <= 0
              ? 'The cost appears once the video has words.'
              : 'The price of your plan is not on this device yet; the server confirms the cost when the video is queued.'}
          </Text>
        )}
        {lengthNote(estimate, state) ? (
          <Text fz="sm" data-testid="video-length-note">
            {lengthNote(estimate, state)}
          </Text>
        ) : null}
        <Text fz="sm">
          You have {plural(credits, 'credit', 'credits')}.
          {plan ? ` Your ${plan.name} plan makes videos of up to ${plan.video.max_seconds} seconds.` : ''}
        </Text>
      </Stack>
      {reachAlert}
      {errors.credits ? (
        <Alert color="red" title="Not enough credits">
          {errors.credits}
        </Alert>
      ) : null}
    </Stack>
  );
}
