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
}

export function DateTimeFields({ idPrefix, date, time, timeZone, onDate, onTime, dateError, timeError, minDate }: DateTimeFieldsProps) {
  const zoneId = `${idPrefix}-zone`;
  return (
    <div>
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
        <TextInput
          id={`${idPrefix}-date`}
          type="date"
          label="Date"
          required
          value={date}
          min={minDate}
          onChange={(event) => onDate(event.currentTarget.value)}
          error={dateError}
          aria-describedby={zoneId}
          miw={150}
        />
        <TextInput
          id={`${idPrefix}-time`}
          type="time"
          label="Time"
          required
          value={time}
          onChange={(event) => onTime(event.currentTarget.value)}
          error={timeError}
          aria-describedby={zoneId}
          miw={120}
        />
      </Group>
      <Text id={zoneId} fz="xs" c="dimmed" mt={4}>
        Time zone: {zoneLabel(timeZone)}
      </Text>
    </div>
  );
}
