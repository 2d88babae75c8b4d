// Step 3 (and the settings' cadence): on which days and at which times, or "N a day" spread evenly,
// in which time zone — and the next five posts in plain words, following every change.
import { ActionIcon, Button, Chip, Group, List, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { describeSlot, nextSlots } from '../../../../contract/series-cadence';
import { cadenceTimes, toCadence } from './series-form';
import type { SectionProps } from './section-props';

/** Monday first, as a week reads; values are Date#getDay's (0 = Sunday). */
const DAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
];

const MAX_TIMES = 12;

/** Every IANA zone the browser knows (the chosen one first when the list lacks it). */
function timeZoneOptions(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The next `count` posts as "Today at 18:00", … ; [] while the cadence is incomplete. */
export function nextPostsText(form: SectionProps['form'], nowMs: number, count = 5): string[] {
  const cadence = toCadence(form);
  if (cadence.days.length === 0 || cadence.times.length === 0) return [];
  return nextSlots(cadence, form.timeZone, nowMs, count).map((slot) => describeSlot(slot, form.timeZone, nowMs));
}

export function CadenceSection({ form, update, errors, disabled, now = Date.now }: SectionProps & { now?: () => number }) {
  const zones = useMemo(() => timeZoneOptions(form.timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })), [form.timeZone]);
  const [nowMs] = useState(now);
  const upcoming = nextPostsText(form, nowMs);
  const spread = form.cadenceMode === 'per_day' ? cadenceTimes(form) : [];
  const setTime = (index: number, value: string) => update({ times: form.times.map((time, at) => (at === index ? value : time)) });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="series-days-label">
          Days of the week
        </Text>
        <Chip.Group multiple value={form.days.map(String)} onChange={(values) => update({ days: values.map(Number) })}>
          <Group gap={6} role="group" aria-labelledby="series-days-label">
            {DAYS.map((day) => (
              <Chip key={day.value} value={String(day.value)} disabled={disabled} aria-label={day.long}>
                {day.short}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {errors.days ? (
          <Text c="red" fz="sm">
            {errors.days}
          </Text>
        ) : null}
      </Stack>

      <Stack gap={4}>
        <Text fz="sm" fw={500} id="series-times-mode">
          Times
        </Text>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby="series-times-mode"
          fullWidth
          disabled={disabled}
          data={[
            { value: 'days', label: 'At set times' },
            { value: 'per_day', label: 'N a day' },
          ]}
          value={form.cadenceMode}
          onChange={(value) => update({ cadenceMode: value })}
        />
      </Stack>

      {form.cadenceMode === 'days' ? (
        <Stack gap="xs">
          {form.times.map((time, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput type="time" aria-label={`Time ${index + 1}`} value={time} disabled={disabled} style={{ flex: 1 }} onChange={(event) => setTime(index, event.currentTarget.value)} />
              <ActionIcon size={44} variant="subtle" color="gray" aria-label={`Remove ${time || `time ${index + 1}`}`} disabled={disabled || form.times.length === 1} onClick={() => update({ times: form.times.filter((_, at) => at !== index) })}>
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errors.times ? (
            <Text c="red" fz="sm">
              {errors.times}
            </Text>
          ) : null}
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled || form.times.length >= MAX_TIMES} onClick={() => update({ times: [...form.times, '12:00'] })} style={{ alignSelf: 'flex-start' }}>
            Add a time
          </Button>
        </Stack>
      ) : (
        <Stack gap={4}>
          <NumberInput
            label="Videos a day"
            description="Spread evenly from 09:00 to 21:00."
            min={1}
            max={12}
            allowDecimal={false}
            clampBehavior="strict"
            value={form.perDay}
            error={errors.perDay}
            disabled={disabled}
            onChange={(value) => update({ perDay: typeof value === 'number' ? value : Number(value) || 1 })}
          />
          <Text fz="sm">At {spread.join(', ')}</Text>
        </Stack>
      )}

      <Select
        label="Time zone"
        description="The times above are in this zone."
        searchable
        allowDeselect={false}
        data={zones}
        value={form.timeZone}
        error={errors.timeZone}
        disabled={disabled}
        limit={50}
        onChange={(value) => {
          if (value) update({ timeZone: value });
        }}
      />

      <Stack gap={4} aria-live="polite">
        <Text fz="sm" fw={600} id="series-next-posts">
          Next posts:
        </Text>
        {upcoming.length > 0 ? (
          <List size="sm" aria-labelledby="series-next-posts">
            {upcoming.map((text, index) => (
              <List.Item key={index}>{text}</List.Item>
            ))}
          </List>
        ) : (
          <Text fz="sm" c="dimmed">
            Choose at least one day and one time.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
