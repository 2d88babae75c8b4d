// "Import / export" on the Publish screen (docs/decisions/publishing.md "The schedule in and out"): the schedule as a
// CSV download, a secret calendar-feed URL for calendar apps, and the CSV import with its preview.
// All three talk to the server directly (no outbox): they need the network and say so offline.
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../ui/FormAlert';
import { useOnline } from '../../../ui/useOnline';
import { downloadScheduleCsv } from '../data/schedule-io-http';
import { CalendarFeedCard } from './CalendarFeedCard';
import { ImportCard } from './ImportCard';

export const OFFLINE_NOTE = 'You are offline. Import and export need a connection; your posts are safe on this device meanwhile.';

function ExportCard({ online }: { online: boolean }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadScheduleCsv();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder component="section" aria-labelledby="schedule-export-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="schedule-export-title">
          Download the schedule
        </Title>
        <Text size="sm" c="dimmed">
          Every post with a time — status, time, video, accounts, caption and YouTube title — as a CSV file for any spreadsheet. The same file can be imported again.
        </Text>
        {failure && <ErrorAlert title="Could not download the schedule">{failure}</ErrorAlert>}
        <div>
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()} loading={busy} disabled={!online}>
            Download CSV
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

export function ScheduleIoSection({ timeZone }: { timeZone: string }) {
  const online = useOnline();
  return (
    <Stack gap="md">
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden />} role="status">
          {OFFLINE_NOTE}
        </Alert>
      )}
      <ExportCard online={online} />
      <CalendarFeedCard online={online} timeZone={timeZone} />
      <ImportCard online={online} timeZone={timeZone} />
    </Stack>
  );
}
