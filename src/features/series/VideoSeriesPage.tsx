// "Video series": the creator's series from the local store (offline too), each with its state,
// what needs the creator (a paused series says why and how to fix it), the next episode's slot in
// plain words, this month's episodes and this week's credits; pause and resume; delete (confirmed,
// saying what happens to its posts and videos) with Undo; and the wizard's drafts to continue.
// Every change goes through ./data (the outbox).
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconPlugConnected, IconPlus, IconStack2, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api';
import type { LocalSeries } from '../../store';
import { UNDO_WINDOW_MS } from '../../store/undo-delete';
import { CardDangerButton } from '../../ui/CardDangerButton';
import { ConfirmActions } from '../../ui/ConfirmActions';
import { plural } from '../../ui/format-count';
import { AnchorLink, ButtonLink } from '../../ui/links';
import { ListEmpty, ListLoading, ListSection } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { showUndoableDelete } from '../../ui/undo-toast';
import { RECONNECT_PARAM } from '../accounts/data';
import { deleteSeries, undoDeleteSeries, updateSeries, type DeletedSeries } from './data/series-mutations';
import { refreshSeries } from './data/series-sync';
import { deviceTimeZone, seriesBadge } from './format';
import { useSeriesList } from './series-queries';
import { describeSlot } from '../../../contract/series-cadence';
import { VIDEO_SERIES_FRAME } from './frame';

export function VideoSeriesPage() {
  const list = useSeriesList();
  const [deleting, setDeleting] = useState<LocalSeries | null>(null);

  useEffect(() => {
    // Route entry: pull the series and their episodes. The sync layer reports its own failures.
    refreshSeries().catch(() => undefined);
  }, []);

  const undo = async (deleted: DeletedSeries, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      if (await undoDeleteSeries(deleted)) notifications.show({ color: 'teal', title: 'Series restored', message: `“${deleted.previous?.name ?? 'Your series'}” is back.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Series not restored', message: errorMessage(error, 'The series could not be restored.') });
    }
  };

  const remove = async (series: LocalSeries) => {
    const deleted = await deleteSeries(series.id);
    setDeleting(null);
    const id = `series-deleted-${series.id}`;
    showUndoableDelete({ id, title: 'Series deleted', name: series.name, autoClose: UNDO_WINDOW_MS, onUndo: () => void undo(deleted, id) });
  };

  const running = list?.filter((series) => series.status !== 'draft') ?? [];
  const drafts = list?.filter((series) => series.status === 'draft') ?? [];

  return (
    <PageFrame title={VIDEO_SERIES_FRAME.title} description={VIDEO_SERIES_FRAME.description}>
      <Group>
        <ButtonLink to="/create-ai-series" leftSection={<IconPlus size={16} aria-hidden />}>
          Create a series
        </ButtonLink>
      </Group>
      <ListSection title="Your series">
        {list === undefined ? (
          <ListLoading label="Loading series..." />
        ) : running.length === 0 ? (
          <ListEmpty
            icon={<IconStack2 size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />}
            title={drafts.length > 0 ? 'No series running yet' : 'No series yet'}
            text="Choose a topic, a voice and look, and when to post: a new episode is made and published on that schedule."
          >
            <ButtonLink to="/create-ai-series" leftSection={<IconPlus size={16} aria-hidden />}>
              Create a series
            </ButtonLink>
          </ListEmpty>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {running.map((series) => (
              <SeriesCard key={series.id} series={series} onDelete={() => setDeleting(series)} />
            ))}
          </SimpleGrid>
        )}
      </ListSection>
      {drafts.length > 0 ? (
        <ListSection title="Drafts">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {drafts.map((series) => (
              <DraftRow key={series.id} series={series} onDelete={() => setDeleting(series)} />
            ))}
          </Stack>
        </ListSection>
      ) : null}
      <DeleteSeriesModal series={deleting} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </PageFrame>
  );
}

function SyncState({ series }: { series: LocalSeries }) {
  if (series.syncStatus === 'failed') return <RefusedChangeAlert outboxId={series.failedOutboxId} reason={series.syncError} />;
  if (series.syncStatus === 'pending')
    return (
      <Text fz="xs" c="dimmed">
        Changes wait to be sent
      </Text>
    );
  return null;
}

export function SeriesCard({ series, onDelete }: { series: LocalSeries; onDelete: () => void }) {
  const [busy, setBusy] = useState(false);
  const badge = seriesBadge(series);
  const titleId = `series-${series.id}-title`;
  const nextSlot = series.stats.next_slot_at ? Date.parse(series.stats.next_slot_at) : null;
  const paused = series.status === 'paused';

  const toggle = async () => {
    setBusy(true);
    try {
      await updateSeries(series.id, { status: paused ? 'active' : 'paused' });
      notifications.show({ color: 'teal', title: paused ? 'Series resumed' : 'Series paused', message: paused ? `“${series.name}” makes its next episode on schedule.` : `“${series.name}” makes no new episodes until you resume it.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error, 'The series could not be changed on this device.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <AnchorLink to="/video-series/detail/$id" params={{ id: series.id }} inherit>
              {series.name}
            </AnchorLink>
          </Title>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        {series.attention ? (
          <Stack gap={4}>
            <Text fz="sm" c="red.8">
              {series.attention.message}
            </Text>
            {series.attention.kind === 'reconnect' ? (
              <Group>
                <ButtonLink
                  to="/connect"
                  search={series.attention.account_id ? { [RECONNECT_PARAM]: series.attention.account_id } : {}}
                  size="xs"
                  color="red"
                  leftSection={<IconPlugConnected size={14} aria-hidden />}
                  aria-label={`Reconnect the account of ${series.name}`}
                >
                  Reconnect
                </ButtonLink>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        <Text fz="sm">
          {nextSlot !== null && Number.isFinite(nextSlot)
            ? // The server's next slot is the first without an episode yet: one already made and
              // waiting (for review, or for its time) comes before it, so "next" alone misled.
              `Next new episode: ${describeSlot(nextSlot, series.time_zone ?? deviceTimeZone(), Date.now())}`
            : paused
              ? 'No episode is planned while it is paused.'
              : 'No episode is planned yet.'}
        </Text>
        <Text fz="sm" c="dimmed">
          {plural(series.stats.episodes_this_month, 'episode', 'episodes')} this month · {plural(series.stats.credits_this_week, 'credit', 'credits')} this week
        </Text>
        <SyncState series={series} />
        <Group gap="xs">
          <ButtonLink to="/video-series/detail/$id" params={{ id: series.id }} size="xs" variant="default" aria-label={`Open ${series.name}`}>
            Open
          </ButtonLink>
          <Button
            size="xs"
            variant="light"
            loading={busy}
            onClick={() => void toggle()}
            leftSection={paused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${series.name}`}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <CardDangerButton icon={<IconTrash size={14} aria-hidden />} label={`Delete ${series.name}`} onClick={onDelete}>
            Delete
          </CardDangerButton>
        </Group>
      </Stack>
    </Card>
  );
}

function DraftRow({ series, onDelete }: { series: LocalSeries; onDelete: () => void }) {
  return (
    <Card withBorder padding="sm" component="li" aria-label={series.name}>
      <Group justify="space-between" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {series.name}
          </Text>
          <SyncState series={series} />
        </Stack>
        <Group gap="xs">
          <ButtonLink to="/create-ai-series/$seriesId" params={{ seriesId: series.id }} size="xs" aria-label={`Continue ${series.name}`}>
            Continue
          </ButtonLink>
          <CardDangerButton icon={<IconTrash size={14} aria-hidden />} label={`Delete ${series.name}`} onClick={onDelete}>
            Delete
          </CardDangerButton>
        </Group>
      </Group>
    </Card>
  );
}

function DeleteSeriesModal({ series, onCancel, onConfirm }: { series: LocalSeries | null; onCancel: () => void; onConfirm: (series: LocalSeries) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    if (!series) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(series);
    } catch (error) {
      setFailure(errorMessage(error, 'The series could not be deleted on this device.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={series !== null} onClose={onCancel} title={series ? `Delete “${series.name}”?` : 'Delete series?'}>
      <Stack gap="sm">
        <Text>No new episodes are made. Its posts still waiting to be published are cancelled.</Text>
        <Text>Videos it already made stay in My videos.</Text>
        <ConfirmActions failure={failure} busy={busy} confirmLabel="Delete series" cancelLabel="Keep series" onCancel={onCancel} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
