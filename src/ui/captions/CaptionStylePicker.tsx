// The caption style picker shared by the AI-video flow and the transcription editor: a preset, the
// main overrides on top of it, "Reset to the preset", and the styles the creator saved by name on
// this device (src/features/transcription/data/caption-styles.ts) — saved in one place, offered in the other.
import { Button, ColorInput, NumberInput, Select, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { CAPTION_FONTS, CAPTION_PRESETS, resolveCaptionStyle, type CaptionPreset, type CaptionSettings, type CaptionStyle } from '../../../contract';
import { presetLabel } from './preset-label';
import { SavedCaptionStyles, type CaptionStyleLibrary } from './SavedCaptionStyles';

export { presetLabel };

const PRESET_OPTIONS = CAPTION_PRESETS.map((preset) => ({ value: preset, label: presetLabel(preset) }));
/** The switch's whole row is its target: at least 44 px tall on a phone. */
export const SWITCH_STYLES = { body: { minHeight: 44, alignItems: 'center' } } as const;

export interface CaptionStylePickerProps {
  /** The styles saved on this device (the feature passes its store of them). */
  savedStyles: CaptionStyleLibrary;
  value: CaptionSettings;
  onChange: (settings: CaptionSettings) => void;
  /** Field errors keyed by caption setting name (`preset`, `font_size`, …). */
  errors?: Partial<Record<string, string>>;
  /** Presets the caller does not offer (the transcription editor has no use for "No captions"). */
  exclude?: readonly CaptionPreset[];
  disabled?: boolean;
}

export function CaptionStylePicker({ savedStyles, value, onChange, errors = {}, exclude = [], disabled }: CaptionStylePickerProps) {
  const style = resolveCaptionStyle(value);
  const set = (patch: Partial<CaptionSettings>) => onChange({ ...value, ...patch });
  const customised = Object.keys(value).some((key) => key !== 'preset');
  return (
    <Stack gap="sm">
      <Select
        label="Caption style"
        data={PRESET_OPTIONS.filter((option) => !exclude.includes(option.value))}
        value={value.preset ?? 'bold-pop'}
        allowDeselect={false}
        error={errors.preset}
        disabled={disabled}
        // A new preset starts clean: the overrides belonged to the previous look.
        onChange={(preset) => onChange({ preset: (preset ?? 'bold-pop') })}
      />
      {style.enabled ? <CaptionOverrides style={style} set={set} errors={errors} disabled={disabled} /> : null}
      {customised ? (
        <Button variant="subtle" size="xs" disabled={disabled} onClick={() => onChange({ preset: value.preset })} style={{ alignSelf: 'flex-start' }}>
          Reset to the preset
        </Button>
      ) : null}
      <SavedCaptionStyles library={savedStyles} current={value} onApply={onChange} exclude={exclude} disabled={disabled} />
    </Stack>
  );
}

interface OverridesProps {
  style: CaptionStyle;
  set: (patch: Partial<CaptionSettings>) => void;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
}

function CaptionOverrides({ style, set, errors, disabled }: OverridesProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="Font" data={[...CAPTION_FONTS]} value={style.font} allowDeselect={false} disabled={disabled} onChange={(font) => set({ font: (font ?? undefined) })} />
        <NumberInput
          label="Size"
          description="Pixels on a 1080-pixel-wide frame"
          min={24}
          max={160}
          allowDecimal={false}
          clampBehavior="blur"
          value={style.font_size}
          error={errors.font_size}
          disabled={disabled}
          onChange={(size) => set({ font_size: typeof size === 'number' ? size : undefined })}
        />
        <ColorInput withEyeDropper={false} label="Text colour" format="hex" value={style.text_color} error={errors.text_color} disabled={disabled} onChange={(text_color) => set({ text_color })} />
        <ColorInput withEyeDropper={false} label="Highlight colour" format="hex" value={style.highlight_color} error={errors.highlight_color} disabled={disabled} onChange={(highlight_color) => set({ highlight_color })} />
        <ColorInput withEyeDropper={false} label="Outline colour" format="hex" value={style.outline_color} error={errors.outline_color} disabled={disabled} onChange={(outline_color) => set({ outline_color })} />
        <NumberInput
          label="Words per line"
          min={1}
          max={8}
          allowDecimal={false}
          clampBehavior="strict"
          value={style.words_per_line}
          error={errors.words_per_line}
          disabled={disabled}
          onChange={(count) => set({ words_per_line: typeof count === 'number' ? count : undefined })}
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
        disabled={disabled}
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
        disabled={disabled}
        onChange={(highlight) => set({ highlight })}
      />
      <Switch styles={SWITCH_STYLES} label="Upper case" checked={style.uppercase} disabled={disabled} onChange={(event) => set({ uppercase: event.currentTarget.checked })} />
    </>
  );
}

/** A labelled row of choices, read out as a radio group. */
export function Choice<T extends string>({ id, label, data, value, onChange, disabled }: { id: string; label: string; data: { value: T; label: string }[]; value: T; onChange: (value: T) => void; disabled?: boolean }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl role="radiogroup" aria-labelledby={id} fullWidth data={data} value={value} disabled={disabled} onChange={onChange} />
    </Stack>
  );
}
