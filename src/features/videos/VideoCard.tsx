// One video of the grid: an <article> named by its title with its picture (thumbnail, or art for
// its status), status and sync badges, what it is doing now with a live progress bar, the stages
// on demand, the reason of a failure, and its actions (play, download, restart, delete, keep
// offline). Everything reads the local row; actions go through the feature's data/.
import { MUSIC_MOOD_LABELS } from '../../../contract/builtin-music';
import { Badge, Box, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconClock, IconDownload, IconListDetails, IconVideo, IconPencil, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { CardDangerButton } from '../../ui/CardDangerButton';
import { useId, useState } from 'react';
import { VIDEO_STAGE_LABELS } from '../../../contract/videos';
import { errorMessage } from '../../api';
import type { LocalVideo } from '../../store';
import { ButtonLink } from '../../ui/links';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { currentStageLabel, formatCreated, formatSeconds, STAGE_STATUS_LABELS, STATUS_COLORS, STATUS_LABELS } from './format';
import { KeepOfflineSwitch } from './KeepOfflineSwitch';
import { downloadVideoFile } from './media';

export interface VideoCardProps {
  video: LocalVideo;
  onPlay: () => void;
  onRestart: () => Promise<void>;
  /** Asks first (the page's confirmation dialog). */
  onDelete: () => void;
}

export function VideoCard({ video, onPlay, onRestart, onDelete }: VideoCardProps) {
  const titleId = useId();
  const stagesId = useId();
  const [showStages, setShowStages] = useState(false);
  const [busy, setBusy] = useState<'download' | 'restart' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const waiting = video.syncStatus === 'pending' && video.status === 'queued';
  const active = video.status === 'queued' || video.status === 'processing';
  const completed = video.status === 'completed';
  const progress = Math.max(0, Math.min(100, Math.round(video.progress)));

  const run = async (what: 'download' | 'restart', action: () => Promise<void>, failTitle: string) => {
    setBusy(what);
    if (what === 'download') setDownloadError(null);
    try {
      await action();
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong on this device.');
      if (what === 'download') setDownloadError(message);
      else notifications.show({ color: 'red', title: failTitle, message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="sm" radius="md">
      <Card.Section>
        <VideoPicture video={video} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {video.title}
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {waiting ? null : (
              <Badge color={STATUS_COLORS[video.status]} variant="light">
                {STATUS_LABELS[video.status]}
              </Badge>
            )}
            <SyncBadge video={video} />
          </Group>
        </Group>

        {video.series ? (
          <Text fz="sm" c="dimmed">
            Episode of the series “{video.series.series_name}”
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed">
          {formatCreated(video.created_at)}
          {video.ai_video.duration ? ` · ${formatSeconds(video.ai_video.duration)}` : ''}
          {video.credits_charged ? ` · ${video.credits_charged} credits` : ''}
        </Text>

        {/* Not a live region: polls would announce every percent of every video. */}
        <Text fz="sm" fw={500}>
          {currentStageLabel(video)}
          {active && !waiting ? ` · ${progress}%` : ''}
        </Text>
        {active ? <Progress value={waiting ? 0 : progress} animated={video.status === 'processing'} aria-label={`Progress of ${video.title}`} size="md" /> : null}

        {video.status === 'failed' && video.error ? (
          <Text fz="sm" c="red" role="note">
            {video.error}
          </Text>
        ) : null}

        {video.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={video.failedOutboxId} reason={video.syncError} title="The server refused this" /> : null}

        {video.music ? (
          <Text fz="sm" c="dimmed">
            Music: {video.music.title}
            {video.music.mood ? ` · ${MUSIC_MOOD_LABELS[video.music.mood]}` : ''}
            {video.music.auto ? ' · chosen by Auto' : ''}
          </Text>
        ) : null}

        {showStages ? (
          <Box component="ol" id={stagesId} aria-label={`Stages of ${video.title}`} m={0} pl="md">
            {video.stages.map((stage) => (
              <Text component="li" fz="sm" key={stage.name}>
                {VIDEO_STAGE_LABELS[stage.name]}: {STAGE_STATUS_LABELS[stage.status]}
                {stage.error ? ` — ${stage.error}` : ''}
              </Text>
            ))}
          </Box>
        ) : null}

        {downloadError ? (
          <Text fz="sm" c="red" role="alert">
            {downloadError}
          </Text>
        ) : null}

        <Group gap="xs">
          {completed ? (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onPlay} aria-label={`Play ${video.title}`}>
              Play
            </Button>
          ) : null}
          {completed ? (
            <ButtonLink to="/editor" search={{ video: String(video.id) }} size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={`Edit ${video.title}`}>
              Edit
            </ButtonLink>
          ) : null}
          {completed ? (
            <Button
              size="xs"
              variant="default"
              loading={busy === 'download'}
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void run('download', () => downloadVideoFile(video), 'Not downloaded')}
              aria-label={`Download ${video.title}`}
            >
              Download
            </Button>
          ) : null}
          {video.status === 'failed' && video.syncStatus !== 'pending' ? (
            <Button size="xs" variant="light" loading={busy === 'restart'} leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void run('restart', onRestart, 'Not restarted')}>
              Restart
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setShowStages((shown) => !shown)}
            aria-expanded={showStages}
            aria-controls={showStages ? stagesId : undefined}
            leftSection={<IconListDetails size={14} aria-hidden />}
          >
            {showStages ? 'Hide stages' : 'Stages'}
          </Button>
          <CardDangerButton icon={<IconTrash size={14} aria-hidden />} onClick={onDelete} label={`Delete ${video.title}`}>
            Delete
          </CardDangerButton>
        </Group>
        {completed && (video.ai_video.video_src || video.keptOffline) ? <KeepOfflineSwitch video={video} /> : null}
      </Stack>
    </Card>
  );
}

/** The thumbnail, or a picture of the status when there is none yet. */
function VideoPicture({ video }: { video: LocalVideo }) {
  const [broken, setBroken] = useState(false);
  const thumbnail = video.ai_video.thumbnail_src;
  const frame = { height: 180, display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;
  if (thumbnail && !broken) {
    return (
      <Box style={{ ...frame, background: 'var(--mantine-color-dark-7)' }}>
        <img src={thumbnail} alt="" loading="lazy" onError={() => setBroken(true)} style={{ maxHeight: '100%', maxWidth: '100%', objectFit: 'contain' }} />
      </Box>
    );
  }
  const Icon = video.status === 'failed' ? IconAlertTriangle : video.status === 'completed' ? IconVideo : IconClock;
  return (
    <Box style={{ ...frame, background: `var(--mantine-color-${STATUS_COLORS[video.status]}-light)` }} aria-hidden>
      <Icon size={48} stroke={1.4} color={`var(--mantine-color-${STATUS_COLORS[video.status]}-light-color)`} />
    </Box>
  );
}

function SyncBadge({ video }: { video: LocalVideo }) {
  if (video.syncStatus === 'pending') {
    return (
      <Badge color="yellow" variant="light" leftSection={<IconClock size={12} aria-hidden />} title="Saved on this device, waiting to reach the server">
        {video.status === 'queued' ? 'Waiting to be sent' : 'Pending'}
      </Badge>
    );
  }
  if (video.syncStatus === 'failed') {
    return (
      <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} title="The server refused a change">
        Not sent
      </Badge>
    );
  }
  return null;
}

