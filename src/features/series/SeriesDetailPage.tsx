// One series (video-series/detail/{id}) from the local store, offline too: its state and schedule in
// words, what needs the creator, the next five slots, and the timeline of episodes with their state,
// why one was skipped or failed, where each was posted, and Approve / Reject (with a note) for those
// awaiting review. Asking for the next or a sample episode and reviewing go through the outbox.
import { Alert, Anchor, Badge, Button, Card, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { IconAlertTriangle, IconBan, IconCheck, IconPencil, IconPlayerPlay, IconSettings, IconSparkles, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { rejectEpisodeRequest } from '../../../contract';
import { errorMessage } from '../../api';
import type { LocalSeries, SeriesEpisodeRow } from '../../store';
import { ButtonLink } from '../../ui/links';
import { ListEmpty, ListLoading, ListSection } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { showUndoableDelete } from '../../ui/undo-toast';
import { UNDO_WINDOW_MS } from '../../store/undo-delete';
import { isNeverAgain } from './data/never-again';
import { addNeverAgain, approveEpisode, generateNextEpisode, rejectEpisode, removeNeverAgain, requestSampleEpisode } from './data/series-mutations';
import { refreshSeries } from './data/series-sync';
import { deviceTimeZone, episodeBadge, platformName, seriesBadge } from './format';
import { useSeries, useSeriesEpisodes } from './series-queries';
import { describeCadence, describeSlot, nextSlots } from '../../../contract/series-cadence';
import { SERIES_DETAIL_FRAME } from './frame';

const UPCOMING = 5;

export function SeriesDetailPage() {
  const { id = '' } = useParams({ strict: false });
  const series = useSeries(id);
  // Until the first pull is over, an empty timeline may only mean "not on this device yet".
  const [pulled, setPulled] = useState(false);

  useEffect(() => {
    refreshSeries()
      .catch(() => undefined)
      .finally(() => setPulled(true));
  }, []);

  if (series === undefined)
    return (
      <PageFrame title={SERIES_DETAIL_FRAME.title}>
        <ListLoading label="Loading the series..." />
      </PageFrame>
    );
  if (series === null)
    return (
      <PageFrame title={SERIES_DETAIL_FRAME.title}>
        <ListEmpty title="This series is not on this device" text="It may have been deleted, or it has not reached this device yet. Your series are listed on Video series.">
          <ButtonLink to="/video-series">Back to Video series</ButtonLink>
        </ListEmpty>
      </PageFrame>
    );
  return <SeriesDetail series={series} pulled={pulled} />;
}

function SeriesDetail({ series, pulled }: { series: LocalSeries; pulled: boolean }) {
  const badge = seriesBadge(series);
  const timeZone = series.time_zone ?? deviceTimeZone();
  return (
    <PageFrame title={series.name} description={series.description || undefined}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
          <Text fz="sm">{series.cadence ? `${describeCadence(series.cadence)} (${timeZone})` : 'No schedule chosen yet.'}</Text>
        </Group>
        {series.attention ? (
          <Alert color="red" variant="light" title="Needs attention" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {series.attention.message}
          </Alert>
        ) : null}
        {series.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={series.failedOutboxId} reason={series.syncError} /> : null}
        <Group gap="xs">
          <ButtonLink to="/video-series/setting/$id" params={{ id: series.id }} variant="default" size="sm" leftSection={<IconSettings size={16} aria-hidden />}>
            Settings
          </ButtonLink>
          <ButtonLink to="/video-series/edit-meta" search={{ id: series.id }} variant="default" size="sm" leftSection={<IconPencil size={16} aria-hidden />}>
            Edit details
          </ButtonLink>
        </Group>
        <EpisodeRequests series={series} />
      </Stack>
      <Upcoming series={series} timeZone={timeZone} />
      <Timeline series={series} timeZone={timeZone} pulled={pulled} />
    </PageFrame>
  );
}

/** "Generate the next episode now" for a started series; "Make a sample episode" before it starts. */
function EpisodeRequests({ series }: { series: LocalSeries }) {
  const [busy, setBusy] = useState<'next' | 'sample' | null>(null);
  const [status, setStatus] = useState('');
  const started = series.status !== 'draft';
  const ask = async (what: 'next' | 'sample') => {
    setBusy(what);
    setStatus('');
    try {
      if (what === 'next') await generateNextEpisode(series.id);
      else await requestSampleEpisode(series.id);
      setStatus(what === 'next' ? 'The next episode is requested: it starts as soon as the request reaches the server.' : 'A sample episode is requested: it shows in the timeline once it is being made. It is never posted.');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not requested', message: errorMessage(error, 'The request could not be saved on this device.') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {series.status === 'active' ? (
          <Button size="sm" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={busy === 'next'} onClick={() => void ask('next')}>
            Generate the next episode now
          </Button>
        ) : null}
        {!started ? (
          <Button size="sm" leftSection={<IconSparkles size={16} aria-hidden />} loading={busy === 'sample'} onClick={() => void ask('sample')}>
            Make a sample episode
          </Button>
        ) : null}
      </Group>
      <Text fz="sm" c="dimmed" role="status" aria-live="polite">
        {status}
      </Text>
    </Stack>
  );
}

function Upcoming({ series, timeZone }: { series: LocalSeries; timeZone: string }) {
  // Read once per render: the list is about "from now", and the page re-renders as the store changes.
  // Slots whose episode is already made (or passed on) are in the timeline: the list starts at the
  // server's next slot, the first one after them.
  const next = series.stats.next_slot_at ? Date.parse(series.stats.next_slot_at) - 1 : 0;
  const now = Date.now();
  const after = Math.max(now, next);
  const slots = series.cadence && series.status === 'active' && !series.attention ? nextSlots(series.cadence, timeZone, after, UPCOMING) : [];
  return (
    <ListSection title="Coming up">
      {slots.length > 0 ? (
        <List spacing={4}>
          {slots.map((slot) => (
            <List.Item key={slot}>{describeSlot(slot, timeZone, now)}</List.Item>
          ))}
        </List>
      ) : (
        <Text c="dimmed">{series.status === 'draft' ? 'Nothing is planned until the series starts.' : series.status === 'paused' ? 'Nothing is planned while the series is paused.' : 'Nothing is planned yet.'}</Text>
      )}
    </ListSection>
  );
}

function Timeline({ series, timeZone, pulled }: { series: LocalSeries; timeZone: string; pulled: boolean }) {
  const episodes = useSeriesEpisodes(series.id);
  const [rejecting, setRejecting] = useState<SeriesEpisodeRow | null>(null);
  return (
    <ListSection title="Episodes">
      {episodes === undefined || (episodes.length === 0 && !pulled) ? (
        <ListLoading label="Loading episodes..." />
      ) : episodes.length === 0 ? (
        <ListEmpty title="No episodes yet" text="Episodes show up here as they are made, a few hours before their time, with where each was posted." />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {episodes.map((episode) => (
            <EpisodeCard key={episode.id} series={series} episode={episode} timeZone={timeZone} onReject={() => setRejecting(episode)} />
          ))}
        </Stack>
      )}
      <RejectModal series={series} episode={rejecting} onClose={() => setRejecting(null)} />
    </ListSection>
  );
}

/**
 * The card's heading: the episode's title or topic once written. Before that it says what is
 * happening, since a card headed just "Episode" tells the creator nothing (its time is below).
 */
function episodeName(episode: SeriesEpisodeRow): string {
  const written = episode.title ?? episode.topic;
  if (written) return written;
  if (episode.sample) return 'Sample episode';
  return episode.status === 'skipped' || episode.status === 'failed' ? 'Episode not made' : 'Episode being written';
}

/** States whose video is not made yet: "Play" would open a video still rendering. */
const NOT_PLAYABLE_YET: readonly SeriesEpisodeRow['status'][] = ['planned', 'writing', 'rendering'];

function EpisodeCard({ series, episode, timeZone, onReject }: { series: LocalSeries; episode: SeriesEpisodeRow; timeZone: string; onReject: () => void }) {
  const [approving, setApproving] = useState(false);
  const badge = episodeBadge(episode.status);
  const name = episodeName(episode);
  const when = episode.slot_at ? describeSlot(Date.parse(episode.slot_at), timeZone, Date.now()) : 'Sample, never posted';

  const approve = async () => {
    setApproving(true);
    try {
      await approveEpisode(series.id, episode.id);
      notifications.show({ color: 'teal', title: 'Episode approved', message: `“${name}” is posted at its time.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not approved', message: errorMessage(error, 'The approval could not be saved on this device.') });
    } finally {
      setApproving(false);
    }
  };

  return (
    <Card withBorder padding="sm" component="li" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text fz="xs" c="dimmed">
              {when}
            </Text>
          </Stack>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        {episode.reason ? <Text fz="sm">{episode.reason}</Text> : null}
        {episode.review_note ? (
          <Text fz="sm" c="dimmed">
            Your note: {episode.review_note}
          </Text>
        ) : null}
        {episode.posts.length > 0 ? (
          <List spacing={2} size="sm" aria-label={`Where ${name} was posted`}>
            {episode.posts.map((post) => (
              <List.Item key={post.post_id}>
                {platformName(post.platform)} · {post.account_name}
                {post.url ? (
                  <>
                    {' · '}
                    <Anchor href={post.url} target="_blank" rel="noopener noreferrer">
                      View on {platformName(post.platform)}
                    </Anchor>
                  </>
                ) : (
                  ` · ${post.status}`
                )}
              </List.Item>
            ))}
          </List>
        ) : null}
        <Group gap="xs">
          {episode.video_id && !NOT_PLAYABLE_YET.includes(episode.status) ? (
            // The player belongs to My videos (its screens are not reachable from here): it opens there on this video.
            <ButtonLink to="/my-videos" search={{ play: episode.video_id }} size="xs" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} aria-label={`Play ${name} in My videos`}>
              Play in My videos
            </ButtonLink>
          ) : null}
          {episode.video_id && !NOT_PLAYABLE_YET.includes(episode.status) ? (
            <ButtonLink to="/editor" search={{ video: episode.video_id }} size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={`Edit ${name}`}>
              Edit
            </ButtonLink>
          ) : null}
          {episode.status === 'awaiting_review' ? (
            <>
              <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} loading={approving} onClick={() => void approve()} aria-label={`Approve ${name}`}>
                Approve
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={onReject} aria-label={`Reject ${name}`}>
                Reject
              </Button>
            </>
          ) : null}
          <NeverAgainButton series={series} episode={episode} />
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * "Never again": the episode's topic (its title when it has none) joins the series' list, so the
 * autopilot never picks it again; the toast's Undo takes it off. Absent once the topic is listed.
 */
function NeverAgainButton({ series, episode }: { series: LocalSeries; episode: SeriesEpisodeRow }) {
  const topic = (episode.topic ?? episode.title ?? '').trim();
  if (!topic || isNeverAgain(series.never_again, topic)) return null;

  const undo = async (toastId: string) => {
    notifications.hide(toastId);
    try {
      await removeNeverAgain(series.id, topic);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not undone', message: errorMessage(error, 'The change could not be saved on this device.') });
    }
  };

  const add = async () => {
    try {
      await addNeverAgain(series.id, topic);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not added', message: errorMessage(error, 'The change could not be saved on this device.') });
      return;
    }
    const toastId = `never-again-${episode.id}`;
    showUndoableDelete({
      id: toastId,
      title: 'Never made again',
      name: topic,
      message: `“${topic}” is not made again in this series.`,
      undoLabel: `Undo never again for ${topic}`,
      autoClose: UNDO_WINDOW_MS,
      onUndo: () => void undo(toastId),
    });
  };

  return (
    <Button size="xs" variant="subtle" color="gray" leftSection={<IconBan size={14} aria-hidden />} onClick={() => void add()} aria-label={`Never make “${topic}” again`}>
      Never again
    </Button>
  );
}

function RejectModal({ series, episode, onClose }: { series: LocalSeries; episode: SeriesEpisodeRow | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!episode) return;
    const checked = rejectEpisodeRequest.safeParse({ note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Say in a few words what to change.');
      return;
    }
    setBusy(true);
    try {
      await rejectEpisode(series.id, episode.id, checked.data.note);
      notifications.show({ color: 'teal', title: 'Episode rejected', message: 'It is written and rendered again with your note (charged like a new video).' });
      close();
    } catch (cause) {
      setError(errorMessage(cause, 'The rejection could not be saved on this device.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={episode !== null} onClose={close} title={episode ? `Reject “${episodeName(episode)}”?` : 'Reject episode?'}>
      <Stack gap="sm">
        <Text fz="sm">The episode is written and rendered again with your note; the new render is charged like any video. The rejected video stays in My videos.</Text>
        <Textarea
          label="What should change?"
          description="Required: the writer reads it."
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={error}
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void submit()}>
            Reject and remake
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
