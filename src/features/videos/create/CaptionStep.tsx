// Step (f): captions — a preset, the main overrides on top of it, the frame shape and the
// watermark, with the live preview next to them (above them on a phone).
import { Button, ColorInput, Grid, NumberInput, Select, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  ASPECT_RATIOS,
  CAPTION_FONTS,
  CAPTION_PRESET_STYLES,
  CAPTION_PRESETS,
  resolveCaptionStyle,
  type CaptionPreset,
  type CaptionSettings,
  type CaptionStyle,
} from '../../../../contract';
import { CaptionPreview } from './CaptionPreview';
import { effectiveSpeed } from './flow-state';
import type { StepProps } from './step-props';

export function presetLabel(preset: CaptionPreset): string {
  return preset === 'none' ? 'No captions' : CAPTION_PRESET_STYLES[preset].label;
}

const PRESET_OPTIONS = CAPTION_PRESETS.map((preset) => ({ value: preset, label: presetLabel(preset) }));
/** The switch's whole row is its target: at least 44 px tall on a phone. */
const SWITCH_STYLES = { body: { minHeight: 44, alignItems: 'center' } } as const;


export function CaptionStep({ state, update, errors }: StepProps) {
  const style = resolveCaptionStyle(state.caption);
  const set = (patch: Partial<CaptionSettings>) => update({ caption: { ...state.caption, ...patch } });
  const customised = Object.keys(state.caption).some((key) => key !== 'preset');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <CaptionPreview style={style} aspectRatio={state.aspectRatio} speed={effectiveSpeed(state)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Stack gap="sm">
          <Select
            label="Caption style"
            data={PRESET_OPTIONS}
            value={state.caption.preset ?? 'bold-pop'}
            allowDeselect={false}
            error={errors['caption.preset']}
            // A new preset starts clean: the overrides belonged to the previous look.
            onChange={(value) => update({ caption: { preset: (value ?? 'bold-pop') } })}
          />
          {style.enabled ? <CaptionOverrides style={style} set={set} errors={errors} /> : null}
          {customised ? (
            <Button variant="subtle" size="xs" onClick={() => update({ caption: { preset: state.caption.preset } })} style={{ alignSelf: 'flex-start' }}>
              Reset to the preset
            </Button>
          ) : null}
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

function CaptionOverrides({ style, set, errors }: { style: CaptionStyle; set: (patch: Partial<CaptionSettings>) => void; errors: Record<string, string> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="Font" data={[...CAPTION_FONTS]} value={style.font} allowDeselect={false} onChange={(font) => set({ font: (font ?? undefined) })} />
        <NumberInput
          label="Size"
          description="Pixels on a 1080-pixel-wide frame"
          min={24}
          max={160}
          allowDecimal={false}
          clampBehavior="blur"
          value={style.font_size}
          error={errors['caption.font_size']}
          onChange={(value) => set({ font_size: typeof value === 'number' ? value : undefined })}
        />
        <ColorInput withEyeDropper={false} label="Text colour" format="hex" value={style.text_color} error={errors['caption.text_color']} onChange={(text_color) => set({ text_color })} />
        <ColorInput withEyeDropper={false} label="Highlight colour" format="hex" value={style.highlight_color} error={errors['caption.highlight_color']} onChange={(highlight_color) => set({ highlight_color })} />
        <ColorInput withEyeDropper={false} label="Outline colour" format="hex" value={style.outline_color} error={errors['caption.outline_color']} onChange={(outline_color) => set({ outline_color })} />
        <NumberInput
          label="Words per line"
          min={1}
          max={8}
          allowDecimal={false}
          clampBehavior="strict"
          value={style.words_per_line}
          error={errors['caption.words_per_line']}
          onChange={(value) => set({ words_per_line: typeof value === 'number' ? value : undefined })}
        />
      </SimpleGrid>
      <Choice
        id="caption-position-label"
        label="Position"
        data={[
          { value: 'top', label: 'Top' },
          { value: 'middle', label: 'Middle' },
          { value: 'bottom', label: 'Bottom' },
        ]}
        value={style.position}
        onChange={(position) => set({ position })}
      />
      <Choice
        id="caption-highlight-label"
        label="Spoken word"
        data={[
          { value: 'color', label: 'Colour' },
          { value: 'box', label: 'Box' },
          { value: 'none', label: 'Plain' },
        ]}
        value={style.highlight}
        onChange={(highlight) => set({ highlight })}
      />
      <Switch styles={SWITCH_STYLES} label="Upper case" checked={style.uppercase} onChange={(event) => set({ uppercase: event.currentTarget.checked })} />
    </>
  );
}

/** A labelled row of choices, read out as a radio group. */
function Choice<T extends string>({ id, label, data, value, onChange }: { id: string; label: string; data: { value: T; label: string }[]; value: T; onChange: (value: T) => void }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl role="radiogroup" aria-labelledby={id} fullWidth data={data} value={value} onChange={onChange} />
    </Stack>
  );
}
