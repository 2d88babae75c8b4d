// A date and a time input in the creator's time zone, with the zone named next to them. Used by the
// compose form's "Schedule" and by the reschedule dialogs.
import { Group, Text, TextInput } from '@mantine/core';
import { zoneLabel } from './time-zone';

export interface DateTimeFieldsProps {
  idPrefix: string;
  date: string;
  time: string;
  timeZone: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  dateError?: string;
  timeError?: string;
  /** Today in the zone: the date input's minimum. */
  minDate?: string;
  /**
   * What the chosen time means, under the fields (e.g. that it has passed), in a live region that
   * screen readers announce when it appears. A form that may show one passes '' meanwhile, so the
   * region is already in the page when the text arrives (a region added with its text is not read).
   */
  notice?: string;
}

const zoneIdOf = (idPrefix: string) => `${idPrefix}-zone`;

interface ZonedInputProps {
  idPrefix: string;
  part: 'date' | 'time';
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  min?: string;
  miw: number;
}

/** The date or the time input: required, and described by the time zone line under both. */
function ZonedInput({ idPrefix, part, onChange, ...props }: ZonedInputProps) {
  return <TextInput id={`${idPrefix}-${part}`} type={part} required onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={zoneIdOf(idPrefix)} {...props} />;
}

export function DateTimeFields({ idPrefix, date, time, timeZone, onDate, onTime, dateError, timeError, minDate, notice }: DateTimeFieldsProps) {
  const zoneId = zoneIdOf(idPrefix);
  const noticeId = `${idPrefix}-time-notice`;
  return (
    <div>
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
        <ZonedInput idPrefix={idPrefix} part="date" label="Date" value={date} onChange={onDate} error={dateError} min={minDate} miw={150} />
        <ZonedInput idPrefix={idPrefix} part="time" label="Time" value={time} onChange={onTime} error={timeError} miw={120} />
      </Group>
      <Text id={zoneId} fz="xs" c="dimmed" mt={4}>
        Time zone: {zoneLabel(timeZone)}
      </Text>
      {notice !== undefined ? (
        <Text id={noticeId} role="status" fz="sm" c="orange.9" mt={notice ? 4 : 0}>
          {notice}
        </Text>
      ) : null}
    </div>
  );
}
