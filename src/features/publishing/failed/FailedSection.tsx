// "Failed": what did not go out — failed publish targets and failed renders — with the reason in
// plain words and the platform's code, "Retry now" and "Reschedule…" (outbox items, offline too),
// and "Dismiss" (off the list, with Undo). Jobs of accounts that must be reconnected get one
// "Reconnect" link instead of a retry each.
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarEvent, IconCircleCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api';
import { dismissFailedJob, failedJobTitle, rescheduleFailedJob, undoDismissFailedJob, type DismissedFailedJob } from '../data/failed-jobs';
import { UNDO_WINDOW_MS } from '../../../store/undo-delete';
import { allAccounts } from '../../accounts/data';
import { failedJobsNewestFirst } from '../data/queries';
import type { LocalAccount, LocalFailedJob } from '../../../store';
import { AnchorLink } from '../../../ui/links';
import { ListEmpty, ListLoading, ListSection } from '../../../ui/ListStates';
import { RefusedChangeAlert } from '../../../ui/RefusedChangeAlert';
import { showUndoableDelete } from '../../../ui/undo-toast';
import { platformLabel } from '../format';
import { PendingBadge } from '../PendingBadge';
import { plural } from '../../../ui/format-count';
import { RescheduleModal } from '../RescheduleModal';
import { formatInZone } from '../time-zone';


/** The job waits for its account to be reconnected: retrying alone cannot help. */
function needsReconnect(job: LocalFailedJob, accounts: Map<string, LocalAccount>): boolean {
  if (job.kind !== 'publish') return false;
  if (job.error_class === 'disconnect') return true;
  return job.account_id !== null && accounts.get(job.account_id)?.health === 'reconnect';
}

export function FailedSection({ timeZone }: { timeZone: string }) {
  const jobs = useLiveQuery(failedJobsNewestFirst, []);
  const accounts = useLiveQuery(allAccounts, []);
  const [moving, setMoving] = useState<LocalFailedJob | null>(null);
  const byId = new Map((accounts ?? []).map((account) => [account.id, account]));
  const blocked = (jobs ?? []).filter((job) => needsReconnect(job, byId));
  const blockedNames = [...new Set(blocked.map((job) => job.account_name ?? 'An account'))];

  const retry = async (job: LocalFailedJob) => {
    try {
      await rescheduleFailedJob(job.id, null);
      notifications.show({ color: 'teal', title: 'Retry queued', message: `${failedJobTitle(job)} is tried again.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not retried', message: errorMessage(error, 'Something went wrong on this device.') });
    }
  };

  const undoDismiss = async (dismissed: DismissedFailedJob, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      await undoDismissFailedJob(dismissed);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not undone', message: errorMessage(error, 'The job could not be listed again.') });
    }
  };

  const dismiss = async (job: LocalFailedJob) => {
    const title = failedJobTitle(job);
    try {
      const dismissed = await dismissFailedJob(job.id);
      const id = `failed-job-dismissed-${job.id}`;
      showUndoableDelete({
        id,
        title: 'Failed job dismissed',
        name: title,
        message: `${title} is no longer listed.`,
        undoLabel: `Undo dismissal of ${title}`,
        autoClose: UNDO_WINDOW_MS,
        onUndo: () => void undoDismiss(dismissed, id),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not dismissed', message: errorMessage(error, 'Something went wrong on this device.') });
    }
  };

  return (
    <ListSection title="Failed jobs">
      {blocked.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Reconnect to continue">
          <Stack gap={6}>
            <Text fz="sm">
              {blockedNames.join(', ')} {blockedNames.length === 1 ? 'needs' : 'need'} to be connected again; {plural(blocked.length, 'post waits', 'posts wait')} until then.
            </Text>
            <Group>
              <AnchorLink to="/connect" fw={600}>
                Reconnect
              </AnchorLink>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {!jobs || !accounts ? (
        <ListLoading label="Loading failed jobs..." />
      ) : jobs.length === 0 ? (
        <ListEmpty
          icon={<IconCircleCheck size={40} stroke={1.5} aria-hidden color="var(--mantine-color-teal-6)" />}
          title="Nothing failed"
          text="When a post or a render cannot be completed, it is listed here with the reason, so you can try it again or pick a new time."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {jobs.map((job) => (
            <FailedJobCard
              key={job.id}
              job={job}
              timeZone={timeZone}
              reconnect={needsReconnect(job, byId)}
              onRetry={() => void retry(job)}
              onReschedule={() => setMoving(job)}
              onDismiss={() => void dismiss(job)}
            />
          ))}
        </SimpleGrid>
      )}
      <RescheduleModal
        subject={moving ? failedJobTitle(moving) : null}
        current={null}
        timeZone={timeZone}
        onClose={() => setMoving(null)}
        onSave={async (iso) => {
          if (!moving) return;
          await rescheduleFailedJob(moving.id, iso);
          notifications.show({ color: 'teal', title: 'New time saved', message: `${failedJobTitle(moving)} is tried again at the new time.` });
        }}
      />
    </ListSection>
  );
}

interface FailedJobCardProps {
  job: LocalFailedJob;
  timeZone: string;
  reconnect: boolean;
  onRetry: () => void;
  onReschedule: () => void;
  onDismiss: () => void;
}

function FailedJobCard({ job, timeZone, reconnect, onRetry, onReschedule, onDismiss }: FailedJobCardProps) {
  const titleId = useId();
  const title = failedJobTitle(job);
  const pending = job.syncStatus === 'pending';
  // A publish job whose video was deleted can only fail again: dismissing it is all that is left.
  const videoGone = job.kind === 'publish' && job.video_id === null;
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap={4}>
            <Badge variant="light" color={job.kind === 'render' ? 'violet' : 'red'}>
              {job.kind === 'render' ? 'Render' : 'Publish'}
            </Badge>
            {pending ? (
              <PendingBadge />
            ) : null}
          </Group>
        </Group>
        <Text fz="sm" c="dimmed">
          {[job.platform ? platformLabel(job.platform) : null, job.account_name, plural(job.attempts, 'attempt', 'attempts'), `failed ${formatInZone(job.failed_at, timeZone)}`].filter(Boolean).join(' · ')}
        </Text>
        <Text fz="sm" c="red.8">
          {job.reason}
          {job.code ? (
            <Text span fz="xs" c="dimmed">
              {' '}
              (code: {job.code})
            </Text>
          ) : null}
        </Text>
        {job.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={job.failedOutboxId} reason={job.syncError} title="The server refused this" /> : null}
        {reconnect && !videoGone ? (
          <Text fz="sm" c="orange.9">
            Waits for the account to be reconnected.
          </Text>
        ) : null}
        {videoGone ? (
          <Text fz="sm" c="dimmed">
            Its video was deleted, so it cannot be sent again.
          </Text>
        ) : null}
        <Group gap="xs">
          {reconnect || videoGone ? null : (
            <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry} disabled={pending} aria-label={`Retry now: ${title}`}>
              Retry now
            </Button>
          )}
          {!reconnect && !videoGone && job.kind === 'publish' ? (
            <Button size="xs" variant="default" leftSection={<IconCalendarEvent size={14} aria-hidden />} onClick={onReschedule} disabled={pending} aria-label={`Reschedule: ${title}`}>
              Reschedule…
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={onDismiss} disabled={pending} aria-label={`Dismiss: ${title}`}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
