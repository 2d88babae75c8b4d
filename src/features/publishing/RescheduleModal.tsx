// "Reschedule…": a dialog with a date and a time in the creator's time zone. Refuses a time in the
// past; the change itself is the caller's (an outbox item, so it works offline).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api';
import { DateTimeFields } from './DateTimeFields';
import { isoToZoned, nextFullHour, zonedToIso } from './time-zone';

export interface RescheduleModalProps {
  /** What is moved, e.g. "“Trains at night”" (null: closed). */
  subject: string | null;
  /** The current time, to start from (null: the next full hour). */
  current: string | null;
  timeZone: string;
  onClose: () => void;
  /** Resolves once queued; a rejection's message shows in the dialog. */
  onSave: (iso: string) => Promise<void>;
}

export function RescheduleModal({ subject, current, timeZone, onClose, onSave }: RescheduleModalProps) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title="Choose a new time" centered>
      {subject !== null ? <RescheduleForm subject={subject} current={current} timeZone={timeZone} onClose={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

function RescheduleForm({ subject, current, timeZone, onClose, onSave }: Omit<RescheduleModalProps, 'subject'> & { subject: string }) {
  const start = (current && Date.parse(current) > Date.now() ? isoToZoned(current, timeZone) : null) ?? nextFullHour(timeZone);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [error, setError] = useState<{ date?: string; time?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!date || !time) {
      setError({ date: date ? undefined : 'Choose a date.', time: time ? undefined : 'Choose a time.' });
      return;
    }
    const iso = zonedToIso(date, time, timeZone);
    if (!iso) return setError({ date: 'This date and time are not valid.' });
    if (Date.parse(iso) <= Date.now()) {
      setError({ time: 'Choose a time in the future.' });
      document.getElementById('reschedule-time')?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave(iso);
      onClose();
    } catch (failure) {
      setError({ general: errorMessage(failure, 'The new time could not be saved on this device.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">New time for {subject}.</Text>
        <DateTimeFields
          idPrefix="reschedule"
          date={date}
          time={time}
          timeZone={timeZone}
          onDate={(next) => {
            setDate(next);
            setError({});
          }}
          onTime={(next) => {
            setTime(next);
            setError({});
          }}
          dateError={error.date}
          timeError={error.time}
          minDate={isoToZoned(new Date().toISOString(), timeZone)?.date}
        />
        {error.general ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error.general}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save new time
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
