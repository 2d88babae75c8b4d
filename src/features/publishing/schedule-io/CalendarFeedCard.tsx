// The secret calendar feed: create (or replace) the URL, copy it once, turn it off. The server
// keeps only a hash of the token, so the URL is shown right after it is made and never again.
import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import type { FeedTokenStatus } from '../../../../contract';
import { errorMessage } from '../../../api';
import { ErrorAlert } from '../../../ui/FormAlert';
import { formatInZone } from '../time-zone';
import { createFeedUrl, getFeedStatus, revokeFeedUrl } from '../data/schedule-io-http';

export const FEED_WARNING = 'Anyone with this URL can see your schedule: videos, captions and times. Keep it private; if it leaks, replace it and the old one stops working.';

export function CalendarFeedCard({ online, timeZone }: { online: boolean; timeZone: string }) {
  const [status, setStatus] = useState<FeedTokenStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setStatus(await getFeedStatus());
    } catch {
      // Offline or the server is away: the buttons stay, the status line waits.
    }
  }, []);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error, 'The calendar feed could not be changed.'));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const created = await createFeedUrl();
      setUrl(created.url);
      setStatus({ active: true, created_at: created.created_at, last_used_at: null });
    });
  const revoke = () =>
    run(async () => {
      await revokeFeedUrl();
      setUrl(null);
      setStatus({ active: false, created_at: null, last_used_at: null });
    });

  const active = status?.active === true;
  return (
    <Card withBorder component="section" aria-labelledby="schedule-feed-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="schedule-feed-title">
          Calendar feed
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe to your schedule in Google Calendar, Apple Calendar or Outlook (“add calendar from URL”). It updates when your posts change.
        </Text>
        {active && !url && status.created_at && (
          <Text size="sm">
            A feed URL is active since {formatInZone(status.created_at, timeZone)}
            {status.last_used_at ? `; a calendar last fetched it ${formatInZone(status.last_used_at, timeZone)}` : ''}. It is not shown again — replace it to get a new one.
          </Text>
        )}
        {url && (
          <Stack gap="xs">
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput label="Calendar feed URL" value={url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                    {copied ? 'Copied' : 'Copy URL'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">Copy it now: for your safety it is shown only this once.</Text>
          </Stack>
        )}
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
          {FEED_WARNING}
        </Alert>
        {failure && <ErrorAlert title="Calendar feed">{failure}</ErrorAlert>}
        <Group gap="xs">
          <Button leftSection={<IconCalendarShare size={16} aria-hidden />} onClick={() => void create()} loading={busy} disabled={!online}>
            {active ? 'Replace feed URL' : 'Create feed URL'}
          </Button>
          {active && (
            <Button variant="default" color="red" onClick={() => void revoke()} disabled={!online || busy}>
              Turn off feed
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
