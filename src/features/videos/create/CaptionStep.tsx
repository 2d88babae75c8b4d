// Step (f): captions — the shared caption style picker (preset, overrides, saved styles), the frame
// shape and the watermark, with the live preview next to them (above them on a phone).
import { Grid, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { ASPECT_RATIOS, resolveCaptionStyle } from '../../../../contract';
import { CaptionPreview } from '../../../ui/captions/CaptionPreview';
import { CaptionStylePicker, SWITCH_STYLES } from '../../../ui/captions/CaptionStylePicker';
import { captionStyleLibrary } from '../../transcription/data';
import { effectiveSpeed } from './flow-state';
import type { StepProps } from './step-props';

/** The flow's errors are keyed `caption.<setting>`; the picker wants them by setting name. */
function captionErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key.startsWith('caption.')).map(([key, message]) => [key.slice('caption.'.length), message]));
}

export function CaptionStep({ state, update, errors }: StepProps) {
  const style = resolveCaptionStyle(state.caption);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <CaptionPreview style={style} aspectRatio={state.aspectRatio} speed={effectiveSpeed(state)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Stack gap="sm">
          <CaptionStylePicker savedStyles={captionStyleLibrary} value={state.caption} onChange={(caption) => update({ caption })} errors={captionErrors(errors)} />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="aspect-ratio-label">
              Frame
            </Text>
            <Text fz="xs" c="dimmed">
              9:16 for Shorts, Reels and TikTok; 1:1 square; 16:9 wide.
            </Text>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby="aspect-ratio-label"
              fullWidth
              data={[...ASPECT_RATIOS]}
              value={state.aspectRatio}
              onChange={(value) => update({ aspectRatio: value })}
            />
          </Stack>
          <Switch
            styles={SWITCH_STYLES}
            label="Reelflow watermark"
            description="A small mark in the corner of the video."
            checked={state.watermark}
            onChange={(event) => update({ watermark: event.currentTarget.checked })}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
