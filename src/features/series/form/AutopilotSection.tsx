// How the series runs by itself: review each episode or publish automatically, how far ahead an
// episode is prepared, and a weekly credit cap (optional).
import { Alert, Group, NumberInput, Radio, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { LEAD_HOURS } from '../../../../contract/series';
import { SWITCH_STYLES } from '../../../ui/captions/CaptionStylePicker';
import type { SectionProps } from './section-props';

export const AUTO_WARNING = 'Not recommended: nothing checks an episode before it goes out.';
const DEFAULT_CAP = 150;

export function AutopilotSection({ form, update, errors, disabled }: SectionProps) {
  return (
    <Stack gap="md">
      <Radio.Group label="Before an episode is posted" value={form.reviewMode} error={errors.reviewMode} onChange={(value) => update({ reviewMode: value === 'auto' ? 'auto' : 'review' })}>
        <Stack gap="xs" mt="xs">
          <Radio.Card value="review" p="sm" radius="md" disabled={disabled}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} disabled={disabled} />
              <Stack gap={2}>
                <Text fw={600} fz="sm">
                  Review each episode — recommended
                </Text>
                <Text fz="xs" c="dimmed">
                  Each episode waits for your approval before its time; one you have not approved is not posted.
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
          <Radio.Card value="auto" p="sm" radius="md" disabled={disabled}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} disabled={disabled} />
              <Stack gap={2}>
                <Text fw={600} fz="sm">
                  Publish automatically
                </Text>
                <Text fz="xs" c="dimmed">
                  {AUTO_WARNING}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      {form.reviewMode === 'auto' ? (
        <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />} title="Publishing without review" role="status">
          {AUTO_WARNING} Episodes go out as the writer and renderer made them.
        </Alert>
      ) : null}
      <NumberInput
        label="Prepare each episode this many hours ahead"
        description={`Writing, rendering and your review happen in this time (${LEAD_HOURS.min} to ${LEAD_HOURS.max} hours).`}
        min={LEAD_HOURS.min}
        max={LEAD_HOURS.max}
        allowDecimal={false}
        clampBehavior="blur"
        value={form.leadHours}
        error={errors.leadHours}
        disabled={disabled}
        onChange={(value) => update({ leadHours: typeof value === 'number' ? value : Number(value) || LEAD_HOURS.default })}
      />
      <Switch
        styles={SWITCH_STYLES}
        label="Limit the credits a week"
        description="An episode that would go over the cap is skipped, with the reason."
        checked={form.weeklyCap !== null}
        disabled={disabled}
        onChange={(event) => update({ weeklyCap: event.currentTarget.checked ? DEFAULT_CAP : null })}
      />
      {form.weeklyCap !== null ? (
        <NumberInput
          label="Weekly credit cap"
          min={1}
          allowDecimal={false}
          value={form.weeklyCap}
          error={errors.weeklyCap}
          disabled={disabled}
          onChange={(value) => update({ weeklyCap: typeof value === 'number' ? value : Number(value) || 1 })}
        />
      ) : null}
    </Stack>
  );
}
